import request from 'supertest';
import { OutboxWatch } from './support/outbox';
import { rawSql } from './support/raw-sql';
import { bytes, createTestApp, json, sameDatabase, TestApp } from './support/test-app';

jest.setTimeout(60_000);

type Body = Record<string, unknown>;

const BASE = 'https://erp.example.com/api';
const STRONG_TAG = /^"[A-Za-z0-9_-]{32}"$/;
const PRECONDITION_FAILED = { error: 'precondition_failed', error_description: expect.any(String) };

describe('conditional requests: ETag, If-None-Match, If-Match (RFC 9110)', () => {
  let t: TestApp;
  let token: string;
  let events!: OutboxWatch;
  let contactAdrNr: number;

  beforeAll(async () => {
    // Links are built from PUBLIC_BASE_URL, not from the Host of each request (supertest's port).
    t = await createTestApp({ PUBLIC_BASE_URL: BASE });
    token = await t.token('demo');
    events = new OutboxWatch(t.dataSource, 'REST_Kunde');
    contactAdrNr = (await get('/www/kunden/10001').expect(200)).body.data.KundKontakt as number;
  });
  afterAll(async () => {
    await t.close();
  });

  const { p, q } = rawSql(() => t);
  const get = (path: string, headers: Record<string, string> = {}) =>
    request(t.server).get(path).auth(token, { type: 'bearer' }).set(headers).parse(json);
  const head = (path: string, headers: Record<string, string> = {}) =>
    request(t.server).head(path).auth(token, { type: 'bearer' }).set(headers);
  const put = (debiNr: string, body: Body, headers: Record<string, string> = {}) =>
    request(t.server)
      .put(`/www/kunden/${debiNr}`)
      .auth(token, { type: 'bearer' })
      .set(headers)
      .send(body)
      .parse(json);
  const patch = (adrNr: number, body: Body, headers: Record<string, string> = {}) =>
    request(t.server)
      .patch(`/www/adressen/${adrNr}`)
      .auth(token, { type: 'bearer' })
      .set(headers)
      .send(body)
      .parse(json);
  const etagOf = async (path: string): Promise<string> => {
    const res = await get(path).expect(200);
    expect(res.headers.etag).toMatch(STRONG_TAG);
    return res.headers.etag as string;
  };
  const comment = async (debiNr: string): Promise<unknown> =>
    (await q<Body>(`SELECT "Kommentar" AS k FROM "Debitor" WHERE "DebiNr" = ${p(1)}`, [debiNr]))[0].k;
  const email = async (adrNr: number): Promise<unknown> =>
    (await q<Body>(`SELECT "EmailAdress" AS e FROM "Adressen" WHERE "AdrNr" = ${p(1)}`, [adrNr]))[0].e;

  describe('reads', () => {
    const READS = ['/www/kunden/10001', '/www/adressen/:contact', '/www/auftrag/100001', '/www/artikel/1000'];
    const path = (route: string) => route.replace(':contact', String(contactAdrNr));

    it.each(READS)(
      '%s: a strong ETag, stable while nothing changes; If-None-Match -> 304 without body',
      async (route) => {
        const first = await get(path(route)).expect(200);
        const etag = first.headers.etag as string;
        expect(etag).toMatch(STRONG_TAG);
        expect((await get(path(route)).expect(200)).headers.etag).toBe(etag);
        for (const condition of [etag, `"other", W/${etag}`, '*', ` "x" ,${etag} `]) {
          const res = await request(t.server)
            .get(path(route))
            .auth(token, { type: 'bearer' })
            .set('If-None-Match', condition)
            .buffer(true)
            .parse(bytes)
            .expect(304);
          expect(res.headers.etag).toBe(etag);
          expect(res.body).toEqual(Buffer.alloc(0));
          expect(res.headers['content-length']).toBeUndefined();
          expect(res.headers['content-type']).toBeUndefined();
        }
        const other = await get(path(route), { 'If-None-Match': '"not-the-tag", W/"nor-this"' }).expect(200);
        expect(other.body).toEqual(first.body);
      },
    );

    it.each(READS)('%s: HEAD carries the same ETag and answers If-None-Match with 304', async (route) => {
      const etag = await etagOf(path(route));
      const plain = await head(path(route)).expect(200);
      expect(plain.headers.etag).toBe(etag);
      await head(path(route), { 'If-None-Match': etag }).expect(304);
    });

    it.each(READS)(
      '%s: If-Match that names another tag (or a weak one) -> 412; the current tag -> 200',
      async (route) => {
        const etag = await etagOf(path(route));
        expect((await get(path(route), { 'If-Match': '"stale"' }).expect(412)).body).toEqual(
          PRECONDITION_FAILED,
        );
        await get(path(route), { 'If-Match': `W/${etag}` }).expect(412);
        await get(path(route), { 'If-Match': etag }).expect(200);
      },
    );

    it('the tag follows the representation: query parameters give other tags', async () => {
      const customer = await etagOf('/www/kunden/10001');
      expect(await etagOf('/www/kunden/10001?order=5')).not.toBe(customer);
      const article = await etagOf('/www/artikel/1000');
      const fields = await etagOf('/www/artikel/1000?fields=ArtNr,ArtBez');
      expect(fields).not.toBe(article);
      expect(await etagOf('/www/artikel/1000?fields=ArtNr,ArtBez')).toBe(fields);
      expect(await etagOf('/www/artikel/1000?adrsprache=fre')).not.toBe(article);
    });

    it('a change the ERP writes itself (no change stamp moved) gives a new tag', async () => {
      const before = await etagOf('/www/kunden/10001');
      const comment = `ERP ${Date.now()}`;
      await q(`UPDATE "Debitor" SET "Kommentar" = ${p(1)} WHERE "DebiNr" = ${p(2)}`, [comment, '10001']);
      const after = await get('/www/kunden/10001', { 'If-None-Match': before }).expect(200);
      expect(after.body.data.Kommentar).toBe(comment);
      expect(after.headers.etag).not.toBe(before);

      const address = await etagOf(`/www/adressen/${contactAdrNr}`);
      await q(`UPDATE "Adressen" SET "AdrTf2" = ${p(1)} WHERE "AdrNr" = ${p(2)}`, [
        '+41 1 000 00 00',
        contactAdrNr,
      ]);
      await get(`/www/adressen/${contactAdrNr}`, { 'If-None-Match': address }).expect(200);
    });

    it('an unknown or invisible object answers 404, whatever the preconditions say', async () => {
      await get('/www/kunden/99999', { 'If-None-Match': '*' }).expect(404);
      await get('/www/artikel/1003', { 'If-None-Match': '*' }).expect(404);
    });
  });

  describe('PUT /www/kunden/{DebiNr} with If-Match', () => {
    beforeEach(async () => {
      await events.reset();
    });

    it('the current ETag: written (204); the GET after it has a new tag; the old one is now 412 and writes nothing', async () => {
      const etag = await etagOf('/www/kunden/10001');
      await put('10001', { Kommentar: 'first' }, { 'If-Match': etag }).expect(204);
      const fresh = await etagOf('/www/kunden/10001');
      expect(fresh).not.toBe(etag);
      const stale = await put('10001', { Kommentar: 'second' }, { 'If-Match': etag }).expect(412);
      expect(stale.body).toEqual(PRECONDITION_FAILED);
      expect(await comment('10001')).toBe('first');
      expect(await events.recorded()).toHaveLength(1);
      await put('10001', { Kommentar: 'second' }, { 'If-Match': `"x", ${fresh}` }).expect(204);
      expect(await comment('10001')).toBe('second');
    });

    it('the same write twice with one If-Match: the second is 412 (a write always moves the tag)', async () => {
      const etag = await etagOf('/www/kunden/10001');
      await put('10001', { Kommentar: 'same' }, { 'If-Match': etag }).expect(204);
      await put('10001', { Kommentar: 'same' }, { 'If-Match': etag }).expect(412);
    });

    it('a weak tag never matches If-Match; * matches an existing customer; If-None-Match: * is 412', async () => {
      const etag = await etagOf('/www/kunden/10001');
      await put('10001', { Kommentar: 'weak' }, { 'If-Match': `W/${etag}` }).expect(412);
      await put('10001', { Kommentar: 'any' }, { 'If-None-Match': '*' }).expect(412);
      await put('10001', { Kommentar: 'any' }, { 'If-None-Match': etag }).expect(412);
      expect(await comment('10001')).not.toBe('any');
      await put('10001', { Kommentar: 'star' }, { 'If-Match': '*' }).expect(204);
      expect(await comment('10001')).toBe('star');
      await put('99999', { Kommentar: 'star' }, { 'If-Match': '*' }).expect(404);
    });

    it('the ERP changed the customer after the GET: 412, its change stays', async () => {
      const etag = await etagOf('/www/kunden/10001');
      await q(`UPDATE "Debitor" SET "VBTyp" = ${p(1)} WHERE "DebiNr" = ${p(2)}`, ['ERP', '10001']);
      await put('10001', { VBTyp: 'SHOP' }, { 'If-Match': etag }).expect(412);
      expect((await get('/www/kunden/10001').expect(200)).body.data.VBTyp).toBe('ERP');
    });

    it('parallel writes with the same If-Match: exactly one succeeds, the others 412 and write nothing', async () => {
      const etag = await etagOf('/www/kunden/10001');
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          put('10001', { Kommentar: `parallel ${i}` }, { 'If-Match': etag }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([204, 412, 412, 412, 412, 412, 412, 412]);
      const winner = results.findIndex((r) => r.status === 204);
      expect(await comment('10001')).toBe(`parallel ${winner}`);
      expect(await events.recorded()).toHaveLength(1);
    });

    it('without If-Match a write still goes through (REQUIRE_IF_MATCH is off)', async () => {
      await put('10001', { Kommentar: 'unconditional' }).expect(204);
      expect(await comment('10001')).toBe('unconditional');
    });
  });

  describe('PATCH /www/adressen/{AdrNr} with If-Match', () => {
    it('current tag: 204; stale tag: 412 with nothing written', async () => {
      const etag = await etagOf(`/www/adressen/${contactAdrNr}`);
      await patch(contactAdrNr, { EmailAdress: 'a@example.com' }, { 'If-Match': etag }).expect(204);
      expect(
        (await patch(contactAdrNr, { EmailAdress: 'b@example.com' }, { 'If-Match': etag }).expect(412)).body,
      ).toEqual(PRECONDITION_FAILED);
      expect(await email(contactAdrNr)).toBe('a@example.com');
      expect(await etagOf(`/www/adressen/${contactAdrNr}`)).not.toBe(etag);
    });

    it('parallel patches with the same If-Match: exactly one succeeds', async () => {
      const etag = await etagOf(`/www/adressen/${contactAdrNr}`);
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          patch(contactAdrNr, { EmailAdress: `p${i}@example.com` }, { 'If-Match': etag }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([204, 412, 412, 412, 412, 412, 412, 412]);
      const winner = results.findIndex((r) => r.status === 204);
      expect(await email(contactAdrNr)).toBe(`p${winner}@example.com`);
    });

    it('an unknown address stays 404 with If-Match', async () => {
      await patch(999999, { EmailAdress: 'x@example.com' }, { 'If-Match': '*' }).expect(404);
    });
  });
});

describe('REQUIRE_IF_MATCH=true', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_IF_MATCH: 'true', PUBLIC_BASE_URL: BASE });
    token = await t.token('demo');
  });
  afterAll(async () => {
    await t.close();
  });

  it('a customer or address write without If-Match: 428 with the error body; with it: 204', async () => {
    const customer = await request(t.server)
      .get('/www/kunden/10001')
      .auth(token, { type: 'bearer' })
      .parse(json);
    const adrNr = customer.body.data.KundKontakt as number;
    const refused = await request(t.server)
      .put('/www/kunden/10001')
      .auth(token, { type: 'bearer' })
      .send({ Kommentar: 'no tag' })
      .parse(json)
      .expect(428);
    expect(refused.body).toEqual({ error: 'precondition_required', error_description: expect.any(String) });
    await request(t.server)
      .patch(`/www/adressen/${adrNr}`)
      .auth(token, { type: 'bearer' })
      .send({ EmailAdress: 'x@example.com' })
      .parse(json)
      .expect(428);
    await request(t.server)
      .put('/www/kunden/10001')
      .auth(token, { type: 'bearer' })
      .set('If-Match', customer.headers.etag as string)
      .send({ Kommentar: 'with tag' })
      .parse(json)
      .expect(204);
    const address = await request(t.server).get(`/www/adressen/${adrNr}`).auth(token, { type: 'bearer' });
    await request(t.server)
      .patch(`/www/adressen/${adrNr}`)
      .auth(token, { type: 'bearer' })
      .set('If-Match', address.headers.etag as string)
      .send({ EmailAdress: 'x@example.com' })
      .parse(json)
      .expect(204);
  });
});

describe('ETag and the response charset', () => {
  let latin1: TestApp;
  let utf8: TestApp;

  beforeAll(async () => {
    latin1 = await createTestApp({ PUBLIC_BASE_URL: BASE });
    // The same rows, so that only the charset differs.
    utf8 = await createTestApp({ RESPONSE_CHARSET: 'utf-8', PUBLIC_BASE_URL: BASE, ...sameDatabase(latin1) });
  });
  afterAll(async () => {
    await utf8.close();
    await latin1.close();
  });

  it('the same customer in ISO-8859-1 and in UTF-8 has two tags (other bytes)', async () => {
    const tagOf = async (t: TestApp) =>
      (
        await request(t.server)
          .get('/www/kunden/10001')
          .auth(await t.token('demo'), { type: 'bearer' })
          .expect(200)
      ).headers.etag as string;
    expect(await tagOf(latin1)).not.toBe(await tagOf(utf8));
  });
});
