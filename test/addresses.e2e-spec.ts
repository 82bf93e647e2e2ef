import request from 'supertest';
import { ADDRESS_FIELD_LENGTHS } from '@app/erp-db';
import { rawSql } from './support/raw-sql';
import { bytes, createTestApp, json, TestApp } from './support/test-app';

/** superagent serialiser that sends already-encoded bytes unchanged (typed for strings only). */
const asIs = ((body: Buffer) => body) as unknown as (body: unknown) => string;

const BASE = 'https://erp.example.com/api';

type Body = Record<string, unknown>;

describe('addresses: GET/PATCH /www/adressen, GET /www/adressensuche', () => {
  let t: TestApp;
  let token: string;
  let muster: { KundKontakt: number; KundLief: number; KundRech: number };
  let berlin: number;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_BASE_URL: BASE });
    token = await t.token('demo');
    [muster] = await q(
      `SELECT "KundKontakt", "KundLief", "KundRech" FROM "Debitor" WHERE "DebiNr" = '10001'`,
    );
    [{ KundKontakt: berlin }] = await q(`SELECT "KundKontakt" FROM "Debitor" WHERE "DebiNr" = '10002'`);
  });
  afterAll(async () => {
    await t.close();
  });

  const { p, q } = rawSql(() => t);
  const addressRow = async (adrNr: number): Promise<Body> =>
    (await q<Body>(`SELECT * FROM "Adressen" WHERE "AdrNr" = ${p(1)}`, [adrNr]))[0];
  const get = (path: string) => request(t.server).get(path).auth(token, { type: 'bearer' }).parse(json);
  const patch = (adrNr: number | string, body: Body) =>
    request(t.server).patch(`/www/adressen/${adrNr}`).auth(token, { type: 'bearer' }).send(body).parse(json);
  const fieldsOf = (res: request.Response): string[] =>
    [...new Set((res.body.info.fields as Array<{ field: string }>).map((f) => f.field))].sort();
  const link = (path: string, rel: string, type = 'GET') => ({ href: `${BASE}${path}`, type, rel });

  /** A fresh customer whose contact address the test may change freely. */
  async function newCustomer(address: Body = {}): Promise<{ debiNr: string; adrNr: number }> {
    const res = await request(t.server)
      .post('/www/kunden')
      .auth(token, { type: 'bearer' })
      .send({
        GrundDaten: { WaehrAbk: 'CHF', FAKTZahlArt: 'L' },
        Adressen: {
          KontaktAdr: {
            AdrSprache: 'ger',
            AdrAnrede: 0,
            AdrAdresse1: 'Alpenweg 3',
            OrtLand: 'CH',
            OrtName: 'Chur',
            OrtPLZ: '7000',
            AdrFirma: 'Bergbahn AG',
            ...address,
          },
        },
      })
      .parse(json)
      .expect(201);
    const debiNr = res.body.data.DebiNr as string;
    const [row] = await q<{ KundKontakt: number }>(
      `SELECT "KundKontakt" FROM "Debitor" WHERE "DebiNr" = ${p(1)}`,
      [debiNr],
    );
    return { debiNr, adrNr: row.KundKontakt };
  }

  describe('authentication', () => {
    it.each(['/www/adressen/1', '/www/adressen?debinr=10001', '/www/adressensuche?AdrFirma=x'])(
      'GET %s without a bearer token: 401',
      async (path) => {
        const res = await request(t.server).get(path).parse(json).expect(401);
        expect(res.body.error).toBe('unauthorized');
      },
    );

    it('PATCH without a bearer token: 401', async () => {
      await request(t.server).patch('/www/adressen/1').send({ AdrFax: 'x' }).parse(json).expect(401);
    });
  });

  describe('GET /www/adressen/{AdrNr}', () => {
    it('returns every address field with the salutation text (0 = Firma)', async () => {
      const res = await get(`/www/adressen/${muster.KundKontakt}`).expect(200);
      expect(res.headers['content-type']).toBe('application/json; charset=iso-8859-1');
      expect(res.body).toEqual({
        data: {
          AdrNr: muster.KundKontakt,
          AdrSprache: 'ger',
          EmailAdress: 'info@muster-ag.ch',
          AdrAdresse1: 'Bahnhofstrasse 1',
          AdrAdresse2: null,
          AdrAnrede: 0,
          AdrAnredeText: 'Firma',
          AdrFax: null,
          AdrFirma: 'Muster AG',
          AdrFirma2: null,
          AdrVorname: null,
          AdrName: null,
          AdrTelex: null,
          AdrTf1: '+41 44 123 45 67',
          AdrTf2: null,
          OrtLand: 'CH',
          OrtName: 'Zürich',
          OrtPLZ: '8001',
        },
      });
    });

    it('AdrAnrede 1 reads Herr (customer 10002: Jürgen Weiß)', async () => {
      const res = await get(`/www/adressen/${berlin}`).expect(200);
      expect(res.body.data).toMatchObject({
        AdrAnrede: 1,
        AdrAnredeText: 'Herr',
        AdrVorname: 'Jürgen',
        AdrName: 'Weiß',
        AdrAdresse1: 'Friedrichstraße 100',
      });
    });

    it('AdrAnrede 2 reads Frau', async () => {
      const { adrNr } = await newCustomer({ AdrAnrede: 2, AdrName: 'Keller' });
      expect((await get(`/www/adressen/${adrNr}`).expect(200)).body.data).toMatchObject({
        AdrAnrede: 2,
        AdrAnredeText: 'Frau',
      });
    });

    it('unknown AdrNr: 404 with the error body', async () => {
      const res = await get('/www/adressen/999999').expect(404);
      expect(res.body).toEqual({
        error: 'not_found',
        error_description: 'Address 999999 does not exist.',
        info: { AdrNr: 999999 },
      });
      await get('/www/adressen/99999999999').expect(404);
    });

    it('AdrNr that is not a whole number: 400', async () => {
      const res = await get('/www/adressen/abc').expect(400);
      expect(res.body.error).toBe('invalid_request');
      expect(fieldsOf(res)).toEqual(['AdrNr']);
    });
  });

  describe('GET /www/adressen?debinr=', () => {
    const entry = async (adrNr: number) => ({
      ...(await get(`/www/adressen/${adrNr}`)).body.data,
      links: [link(`/www/adressen/${adrNr}`, 'adressen')],
    });

    it('groups the three addresses of 10001 by role, with count, success and links', async () => {
      const res = await get('/www/adressen?debinr=10001').expect(200);
      expect(res.body).toEqual({
        count: 3,
        success: true,
        data: {
          KundKontakt: [await entry(muster.KundKontakt)],
          KundLief: [await entry(muster.KundLief)],
          KundRech: [await entry(muster.KundRech)],
        },
      });
      expect(res.body.data.KundLief[0]).toMatchObject({ AdrFirma2: 'Wareneingang', OrtName: 'Winterthur' });
      expect(res.body.data.KundRech[0]).toMatchObject({ AdrFirma2: 'Buchhaltung', AdrAdresse2: 'Postfach' });
    });

    it('a customer with one address for every role lists it in each group', async () => {
      const res = await get('/www/adressen?debinr=10002').expect(200);
      const e = await entry(berlin);
      expect(res.body).toEqual({
        count: 3,
        success: true,
        data: { KundKontakt: [e], KundLief: [e], KundRech: [e] },
      });
    });

    it('unknown customer: 404', async () => {
      const res = await get('/www/adressen?debinr=99999').expect(404);
      expect(res.body).toEqual({
        error: 'not_found',
        error_description: 'Customer 99999 does not exist.',
        info: { DebiNr: '99999' },
      });
    });

    it.each([
      ['', ['debinr']],
      ['?debinr=', ['debinr']],
      ['?debinr=123456789', ['debinr']],
      ['?debinr=10001&x=1', ['x']],
    ])('GET /www/adressen%s: 400', async (query, fields) => {
      const res = await get(`/www/adressen${query}`).expect(400);
      expect(fieldsOf(res)).toEqual(fields);
    });
  });

  describe('PATCH /www/adressen/{AdrNr}', () => {
    it('changes the given fields, keeps the others, answers 204 without a body', async () => {
      const { adrNr } = await newCustomer({ EmailAdress: 'alt@bergbahn.ch', AdrTf1: '081 000' });
      const before = await addressRow(adrNr);
      const res = await patch(adrNr, {
        EmailAdress: 'neu@bergbahn.ch',
        AdrAdresse2: 'Talstation',
        AdrFirma2: 'Verwaltung',
        AdrVorname: 'Peter',
        AdrName: 'Gasser',
        AdrFax: '081 111',
        AdrTelex: '079 222',
        AdrTf2: '081 333',
        AdrSprache: 'ita',
      })
        .parse(bytes)
        .expect(204);
      expect(res.body).toEqual(Buffer.alloc(0));
      const read = await get(`/www/adressen/${adrNr}`).expect(200);
      expect(read.body.data).toEqual({
        AdrNr: adrNr,
        AdrSprache: 'ita',
        EmailAdress: 'neu@bergbahn.ch',
        AdrAdresse1: 'Alpenweg 3',
        AdrAdresse2: 'Talstation',
        AdrAnrede: 0,
        AdrAnredeText: 'Firma',
        AdrFax: '081 111',
        AdrFirma: 'Bergbahn AG',
        AdrFirma2: 'Verwaltung',
        AdrVorname: 'Peter',
        AdrName: 'Gasser',
        AdrTelex: '079 222',
        AdrTf1: '081 000',
        AdrTf2: '081 333',
        OrtLand: 'CH',
        OrtName: 'Chur',
        OrtPLZ: '7000',
      });
      const after = await addressRow(adrNr);
      expect(after.ErfasstVon).toBe(before.ErfasstVon);
    });

    it.each([
      [{ Anrede: 'Frau' }, 2],
      [{ Anrede: 'herr' }, 1],
      [{ Anrede: 'Firma' }, 0],
      [{ Anrede: '2' }, 2],
      [{ Anrede: 1 }, 1],
      [{ AdrAnrede: '2' }, 2],
      [{ AdrAnrede: 1 }, 1],
      [{ AdrAnrede: 2, Anrede: 'Frau' }, 2],
    ])('salutation %j sets AdrAnrede %i', async (body, expected) => {
      const { adrNr } = await newCustomer({ AdrName: 'Huber' });
      await patch(adrNr, body).expect(204);
      expect((await addressRow(adrNr)).AdrAnrede).toBe(expected);
    });

    it('null clears an optional field', async () => {
      const { adrNr } = await newCustomer({ AdrFax: '081 999', AdrName: 'Huber' });
      await patch(adrNr, { AdrFax: null, AdrFirma: null }).expect(204);
      expect(await addressRow(adrNr)).toMatchObject({ AdrFax: null, AdrFirma: null, AdrName: 'Huber' });
    });

    it('an empty body changes nothing: 204', async () => {
      const { adrNr } = await newCustomer();
      const { GeaendertAm: _a, ...before } = await addressRow(adrNr);
      await patch(adrNr, {}).expect(204);
      const { GeaendertAm: _b, ...after } = await addressRow(adrNr);
      expect(after).toEqual(before);
    });

    it('changing the place runs AdrCheck: the town is corrected (CH)', async () => {
      const { adrNr } = await newCustomer();
      await patch(adrNr, { OrtPLZ: '8400', OrtName: 'winterthur' }).expect(204);
      expect(await addressRow(adrNr)).toMatchObject({ OrtPLZ: '8400', OrtName: 'Winterthur' });
      await patch(adrNr, { OrtName: 'Winterthurr', AdrCheck: 0 }).expect(204);
      expect((await addressRow(adrNr)).OrtName).toBe('Winterthurr');
    });

    it('a moved address outside CH is not checked unless AdrCheck is 1', async () => {
      const { adrNr } = await newCustomer();
      await patch(adrNr, { OrtLand: 'de', OrtPLZ: '80331', OrtName: 'muenchen' }).expect(204);
      expect(await addressRow(adrNr)).toMatchObject({ OrtLand: 'DE', OrtName: 'muenchen' });
      await patch(adrNr, { AdrCheck: 1 }).expect(204);
      expect((await addressRow(adrNr)).OrtName).toBe('München');
    });

    it('an unknown postal code with the check on: 422, address unchanged', async () => {
      const { adrNr } = await newCustomer();
      const before = await addressRow(adrNr);
      const res = await patch(adrNr, { OrtPLZ: '9999', EmailAdress: 'x@y.ch' }).expect(422);
      expect(res.body).toEqual({
        error: 'unprocessable',
        error_description: 'Unknown postal code in the address; the town cannot be checked (AdrCheck).',
        info: {
          fields: [
            {
              field: 'OrtPLZ',
              message: 'postal code "9999" is not in the postal directory of CH (AdrCheck)',
            },
          ],
          addresses: ['the address'],
        },
      });
      expect(await addressRow(adrNr)).toEqual(before);
    });

    it('Anrede and AdrAnrede that disagree: 422, nothing changed', async () => {
      const { adrNr } = await newCustomer();
      const before = await addressRow(adrNr);
      const res = await patch(adrNr, { Anrede: 'Herr', AdrAnrede: 2 }).expect(422);
      expect(fieldsOf(res)).toEqual(['Anrede']);
      expect(await addressRow(adrNr)).toEqual(before);
    });

    it('removing both AdrFirma and AdrName: 422', async () => {
      const { adrNr } = await newCustomer();
      const res = await patch(adrNr, { AdrFirma: '' }).expect(422);
      expect(fieldsOf(res)).toEqual(['AdrName']);
    });

    it.each([
      ['an unknown field', { Strasse: 'x' }, ['Strasse']],
      ['a number for a text', { AdrFirma: 5 }, ['AdrFirma']],
      ['a text for AdrAnrede', { AdrAnrede: 'Herr' }, ['AdrAnrede']],
      ['AdrAnrede 3', { AdrAnrede: 3 }, ['AdrAnrede']],
      ['Anrede unknown text', { Anrede: 'Dr.' }, ['Anrede']],
      ['AdrSprache of 4 characters (char(3) when patched)', { AdrSprache: 'gerx' }, ['AdrSprache']],
      ['AdrSprache unknown', { AdrSprache: 'xyz' }, ['AdrSprache']],
      ['OrtLand unknown', { OrtLand: 'XX' }, ['OrtLand']],
      ['OrtPLZ null', { OrtPLZ: null }, ['OrtPLZ']],
      ['AdrAdresse1 null', { AdrAdresse1: null }, ['AdrAdresse1']],
      ['AdrCheck 5', { AdrCheck: 5 }, ['AdrCheck']],
    ])('%s: 400, nothing changed', async (_name, body, fields) => {
      const { adrNr } = await newCustomer();
      const before = await addressRow(adrNr);
      const res = await patch(adrNr, body).expect(400);
      expect(res.body.error).toBe('invalid_request');
      expect(fieldsOf(res)).toEqual(fields);
      expect(await addressRow(adrNr)).toEqual(before);
    });

    it.each([['null'], [''], ['[]'], ['5']])('body %s: 400', async (raw) => {
      const res = await request(t.server)
        .patch(`/www/adressen/${muster.KundKontakt}`)
        .auth(token, { type: 'bearer' })
        .set('Content-Type', 'application/json')
        .send(raw)
        .parse(json)
        .expect(400);
      expect(res.body.error).toBe('invalid_request');
    });

    it('unknown AdrNr: 404', async () => {
      const res = await patch(999999, { AdrFax: '1' }).expect(404);
      expect(res.body).toEqual({
        error: 'not_found',
        error_description: 'Address 999999 does not exist.',
        info: { AdrNr: 999999 },
      });
    });

    describe('lengths: n characters stored, n+1 a 400', () => {
      const limits: Array<[string, number]> = [
        ['EmailAdress', 255],
        ['AdrAdresse1', 60],
        ['AdrAdresse2', 60],
        ['AdrFax', 28],
        ['AdrFirma', 36],
        ['AdrFirma2', 36],
        ['AdrVorname', 36],
        ['AdrName', 36],
        ['AdrTelex', 28],
        ['AdrTf1', 28],
        ['AdrTf2', 28],
        ['OrtName', 48],
        ['OrtPLZ', 10],
      ];
      const fill = (n: number): string => 'ÜäöẞÈ'.repeat(Math.ceil(n / 5)).slice(0, n);
      let adrNr: number;
      beforeAll(async () => {
        ({ adrNr } = await newCustomer());
      });

      it('every field at its maximum reads back unchanged', async () => {
        const values = Object.fromEntries(limits.map(([f, n]) => [f, fill(n)]));
        await patch(adrNr, { ...values, AdrCheck: 0 }).expect(204);
        expect((await get(`/www/adressen/${adrNr}`).expect(200)).body.data).toMatchObject(values);
      });

      it.each(limits)('%s over %i characters', async (field, n) => {
        const res = await patch(adrNr, { [field]: fill(n + 1), AdrCheck: 0 }).expect(400);
        expect(res.body.info.fields).toEqual([
          { field, message: `${field} must be shorter than or equal to ${n} characters` },
        ]);
      });
    });

    it('umlauts round-trip through PATCH in an ISO-8859-1 body', async () => {
      const { adrNr } = await newCustomer();
      const values = {
        AdrFirma: 'Bäckerei Süßholz',
        AdrAdresse1: 'Größenweg 7',
        AdrName: 'Öhlschläger',
        AdrSprache: 'fre',
      };
      await request(t.server)
        .patch(`/www/adressen/${adrNr}`)
        .auth(token, { type: 'bearer' })
        .set('Content-Type', 'application/json; charset=iso-8859-1')
        .serialize(asIs)
        .send(Buffer.from(JSON.stringify(values), 'latin1'))
        .expect(204);
      expect((await get(`/www/adressen/${adrNr}`).expect(200)).body.data).toMatchObject(values);
    });
  });

  describe('GET /www/adressensuche', () => {
    let other: { debiNr: string; adrNr: number };
    beforeAll(async () => {
      // a second Zürich customer makes "OrtName=Zürich" ambiguous
      other = await newCustomer({
        AdrFirma: 'Zweite Zürcher GmbH',
        OrtPLZ: '8004',
        OrtName: 'Zürich',
        EmailAdress: 'post@zweite.ch',
      });
    });

    const hit = (debiNr: string, k: { KundKontakt: number; KundLief: number; KundRech: number }) => ({
      data: {
        DebiNr: debiNr,
        KundLief: k.KundLief,
        KundRech: k.KundRech,
        KundKontakt: k.KundKontakt,
        links: [
          link(`/www/adressen/${k.KundRech}`, 'adressen KundRech', 'GET'),
          link(`/www/adressen/${k.KundRech}`, 'adressen KundRech', 'PATCH'),
          link(`/www/adressen/${k.KundKontakt}`, 'adressen KundKontakt', 'GET'),
          link(`/www/adressen/${k.KundKontakt}`, 'adressen KundKontakt', 'PATCH'),
          link(`/www/adressen/${k.KundLief}`, 'adressen KundLief', 'GET'),
          link(`/www/adressen/${k.KundLief}`, 'adressen KundLief', 'PATCH'),
          link(`/www/kunden/${debiNr}`, 'kunden', 'GET'),
        ],
      },
    });

    it.each([
      ['EmailAdress=info@muster-ag.ch'],
      ['EmailAdress=%20INFO@Muster-AG.ch%20'],
      ['AdrFirma=muster%20ag&OrtPLZ=8400'],
      ['AdrFirma=Muster%20AG'],
      ['AdrFirma2=wareneingang'],
      ['AdrAdresse2=POSTFACH&OrtName=z%C3%BCrich'],
      ['OrtName=WINTERTHUR'],
      ['AdrTf1=%2B41%2044%20123%2045%2067'],
    ])('?%s finds customer 10001 (exact, ignoring case and blanks)', async (query) => {
      const res = await get(`/www/adressensuche?${query}`).expect(200);
      expect(res.body).toEqual(hit('10001', muster));
    });

    it('matches upper-case umlauts against lower-case ones (ZÜRCHER)', async () => {
      const res = await get(
        `/www/adressensuche?AdrFirma=${encodeURIComponent('ZWEITE ZÜRCHER GMBH')}`,
      ).expect(200);
      expect(res.body.data.DebiNr).toBe(other.debiNr);
    });

    it('finds 10002 by name and language, and a new customer by e-mail', async () => {
      const res = await get(
        `/www/adressensuche?AdrName=${encodeURIComponent('weiß')}&AdrVorname=J%C3%BCrgen`,
      ).expect(200);
      expect(res.body).toEqual(hit('10002', { KundKontakt: berlin, KundLief: berlin, KundRech: berlin }));
      const mail = await get('/www/adressensuche?EmailAdress=post@zweite.ch').expect(200);
      expect(mail.body.data).toMatchObject({ DebiNr: other.debiNr, KundKontakt: other.adrNr });
    });

    it.each([
      ['AdrFirma=Muster'],
      ['EmailAdress=info@muster-ag.ch&OrtPLZ=8400'],
      ['OrtName=Zürichberg'],
      ['AdrFirma=%'],
      ['AdrFirma=Muster_AG'],
      ['AdrFirma=Muster%AG'],
      ['OrtName=Z_rich'],
    ])('?%s matches no customer: 404', async (query) => {
      const res = await get(`/www/adressensuche?${encodeURI(query)}`).expect(404);
      expect(res.body).toEqual({
        error: 'not_found',
        error_description: 'No customer has an address matching the search.',
      });
    });

    it('several customers match: 409 with info.count', async () => {
      const res = await get(`/www/adressensuche?OrtName=${encodeURIComponent('Zürich')}&OrtLand=ch`).expect(
        409,
      );
      expect(res.body).toEqual({
        error: 'conflict',
        error_description: '2 customers have an address matching the search; narrow it down.',
        info: { count: 2 },
      });
    });

    it('without any parameter: 422 naming the ones it takes', async () => {
      const res = await get('/www/adressensuche').expect(422);
      expect(res.body.error).toBe('unprocessable');
      expect(res.body.error_description).toMatch(/at least one search parameter: AdrSprache, EmailAdress/);
    });

    it.each([
      ['?Strasse=x', ['Strasse']],
      ['?debinr=10001', ['debinr']],
      ['?AdrName=', ['AdrName']],
      ['?AdrName=%20%20&OrtPLZ=8001', ['AdrName']],
      ['?AdrName=a&AdrName=b', ['AdrName']],
      [`?OrtPLZ=${'1'.repeat(ADDRESS_FIELD_LENGTHS.OrtPLZ + 1)}`, ['OrtPLZ']],
      [`?AdrFirma=${'x'.repeat(ADDRESS_FIELD_LENGTHS.AdrFirma + 1)}`, ['AdrFirma']],
    ])('?%s: 400', async (query, fields) => {
      const res = await get(`/www/adressensuche${query}`).expect(400);
      expect(res.body.error).toBe('invalid_request');
      expect(fieldsOf(res)).toEqual(fields);
    });
  });
});
