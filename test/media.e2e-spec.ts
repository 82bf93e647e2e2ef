import request from 'supertest';
import { demoPng } from '@app/erp-db';
import { bytes, createTestApp, json, TestApp } from './support/test-app';

describe('media: GET /www/artikelmedia/{ArtNr} and /www/artikelmediadaten/{IDKey}', () => {
  let t: TestApp;
  let demo: string;
  let admin: string;
  let imageKey: number;
  let textKey: number;

  beforeAll(async () => {
    t = await createTestApp();
    demo = await t.token('demo');
    admin = await t.token('admin');
    const rows: Array<{ IDKey: number; AMDBildFormat: string | null }> = await t.dataSource.query(
      `SELECT "IDKey", "AMDBildFormat" FROM "ArtikelMedia" WHERE "ArtNr" = '1001' ORDER BY "IDKey"`,
    );
    imageKey = Number(rows.find((r) => r.AMDBildFormat === 'image/png')!.IDKey);
    textKey = Number(rows.find((r) => r.AMDBildFormat === null)!.IDKey);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, token = demo) =>
    request(t.server).get(url).set('Authorization', `Bearer ${token}`);

  const TEXT =
    'Die Küchenmaschine „Profi“ knetet, rührt und schlägt – für Teig, Sahne und Soßen. Größe: 40 × 25 cm.';

  describe('list', () => {
    it('lists both media of 1001 with every field and absolute links', async () => {
      const res = await get('/www/artikelmedia/1001').parse(json).expect(200);
      expect(res.headers['content-type']).toBe('application/json; charset=iso-8859-1');
      const base = String(res.body.data[0].links[0].href).split('/www/')[0];
      expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(res.body).toEqual({
        data: [
          {
            IDKey: imageKey,
            AMDBildFormat: 'image/png',
            AMDTextFormat: null,
            AMDVerwendung: 'WEB',
            AdrSprache: 'ger',
            OrtLand: 'CH',
            Modified_UTC: '2026-01-05T08:00:00Z',
            ArtGruppe: 'KUECHE',
            ArtNr: '1001',
            AMDDateiName: 'kuechenmaschine.png',
            AMDText: null,
            Kommentar: 'Produktbild Küchenmaschine',
            links: [
              {
                href: `${base}/www/artikelmediadaten/${imageKey}?type=Bild`,
                type: 'GET',
                rel: 'artikelmediadaten/',
              },
              { href: `${base}/www/artikel/1001`, type: 'GET', rel: 'artikel/' },
            ],
          },
          {
            IDKey: textKey,
            AMDBildFormat: null,
            AMDTextFormat: 'txt',
            AMDVerwendung: null,
            AdrSprache: 'ger',
            OrtLand: 'CH',
            Modified_UTC: '2026-01-05T08:00:00Z',
            ArtGruppe: 'KUECHE',
            ArtNr: '1001',
            AMDDateiName: 'kuechenmaschine.txt',
            AMDText: TEXT,
            Kommentar: 'Produktbeschreibung',
            links: [
              {
                href: `${base}/www/artikelmediadaten/${textKey}?type=Text`,
                type: 'GET',
                rel: 'artikelmediadaten/',
              },
              { href: `${base}/www/artikel/1001`, type: 'GET', rel: 'artikel/' },
            ],
          },
        ],
      });
    });

    it('escapes characters outside Latin-1 as \\u in the ISO-8859-1 body', async () => {
      const res = await get('/www/artikelmedia/1001').buffer(true).parse(bytes).expect(200);
      const raw = (res.body as Buffer).toString('latin1');
      expect(raw).toContain('K\u00fcchenmaschine \\u201eProfi\\u201c');
      expect(raw).toContain('40 \u00d7 25 cm');
    });

    it('an article without media: empty list', async () => {
      const res = await get('/www/artikelmedia/1000').parse(json).expect(200);
      expect(res.body).toEqual({ data: [] });
    });

    it('unknown article, or one the web shop may not see: 404 with the error body', async () => {
      for (const artNr of ['9999999', '1003']) {
        const res = await get(`/www/artikelmedia/${artNr}`).parse(json).expect(404);
        expect(res.body).toEqual({ error: 'not_found', error_description: expect.stringContaining(artNr) });
      }
      await get('/www/artikelmedia/1003', admin).expect(200);
    });

    it('an ArtNr longer than 15 characters: 400; 15 characters outside the BMP are 15, not 30', async () => {
      const res = await get('/www/artikelmedia/1234567890123456').parse(json).expect(400);
      expect(res.body.error).toBe('invalid_request');
      const astral = await get(`/www/artikelmedia/${encodeURIComponent('😀'.repeat(15))}`)
        .parse(json)
        .expect(404);
      expect(astral.body.error).toBe('not_found');
    });

    it('requires a bearer token', async () => {
      const res = await request(t.server).get('/www/artikelmedia/1001').expect(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    });
  });

  describe('file', () => {
    it('type=Bild: the PNG with Content-Type, Content-Length and ETag', async () => {
      const res = await get(`/www/artikelmediadaten/${imageKey}?type=Bild`)
        .buffer(true)
        .parse(bytes)
        .expect(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(res.body as Buffer, demoPng())).toBe(0);
      expect(res.headers['content-length']).toBe(String(demoPng().length));
      expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="kuechenmaschine.png"; filename*=UTF-8''kuechenmaschine.png`,
      );
    });

    it('a format name works as well: png, image/png, PNG', async () => {
      const first = await get(`/www/artikelmediadaten/${imageKey}?type=Bild`).expect(200);
      for (const type of ['png', 'image/png', 'PNG']) {
        const res = await get(`/www/artikelmediadaten/${imageKey}?type=${encodeURIComponent(type)}`)
          .buffer(true)
          .parse(bytes)
          .expect(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers.etag).toBe(first.headers.etag);
      }
    });

    it('type=Text: the text as UTF-8 with its exact length', async () => {
      const res = await get(`/www/artikelmediadaten/${textKey}?type=Text`)
        .buffer(true)
        .parse(bytes)
        .expect(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect((res.body as Buffer).toString('utf8')).toBe(TEXT);
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(TEXT, 'utf8')));
      const txt = await get(`/www/artikelmediadaten/${textKey}?type=txt`)
        .buffer(true)
        .parse(bytes)
        .expect(200);
      expect(txt.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect((txt.body as Buffer).toString('utf8')).toBe(TEXT);
    });

    it('only raster images are shown inline; anything else is an attachment; all sandboxed', async () => {
      const image = await get(`/www/artikelmediadaten/${imageKey}?type=Bild`).expect(200);
      expect(image.headers['content-disposition']).toMatch(/^inline; /);
      expect(image.headers['content-security-policy']).toBe('sandbox');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      const text = await get(`/www/artikelmediadaten/${textKey}?type=Text`).expect(200);
      expect(text.headers['content-disposition']).toMatch(/^attachment; filename="/);
      expect(text.headers['content-security-policy']).toBe('sandbox');
      expect(text.headers['x-content-type-options']).toBe('nosniff');
    });

    it('If-None-Match with the ETag: 304 without a body; another tag: 200', async () => {
      const first = await get(`/www/artikelmediadaten/${imageKey}?type=Bild`).expect(200);
      const etag = first.headers.etag as string;
      const again = await get(`/www/artikelmediadaten/${imageKey}?type=Bild`)
        .set('If-None-Match', etag)
        .buffer(true)
        .parse(bytes)
        .expect(304);
      expect(again.headers.etag).toBe(etag);
      expect((again.body as Buffer).length).toBe(0);
      await get(`/www/artikelmediadaten/${imageKey}?type=Bild`)
        .set('If-None-Match', `"x", W/${etag}`)
        .expect(304);
      await get(`/www/artikelmediadaten/${imageKey}?type=Bild`).set('If-None-Match', '"other"').expect(200);
      const text = await get(`/www/artikelmediadaten/${textKey}?type=Text`).expect(200);
      expect(text.headers.etag).not.toBe(etag);
      await get(`/www/artikelmediadaten/${textKey}?type=Text`)
        .set('If-None-Match', text.headers.etag)
        .expect(304);
    });

    it('type missing or unknown: 400 naming the parameter', async () => {
      for (const url of [
        `/www/artikelmediadaten/${imageKey}`,
        `/www/artikelmediadaten/${imageKey}?type=`,
        `/www/artikelmediadaten/${imageKey}?type=bild`,
        `/www/artikelmediadaten/${imageKey}?type=Foto`,
        `/www/artikelmediadaten/${imageKey}?type=Bild&type=Text`,
      ]) {
        const res = await get(url).parse(json).expect(400);
        expect(res.body.error).toBe('invalid_request');
        expect(res.body.info.fields.map((f: { field: string }) => f.field)).toEqual(['type']);
      }
    });

    it('IDKey not a number: 400; unknown IDKey: 404', async () => {
      expect((await get('/www/artikelmediadaten/abc?type=Bild').parse(json).expect(400)).body.error).toBe(
        'invalid_request',
      );
      const res = await get('/www/artikelmediadaten/999999?type=Bild').parse(json).expect(404);
      expect(res.body).toEqual({ error: 'not_found', error_description: 'Medium 999999 does not exist.' });
    });

    it('content that is absent: 404 (text of the image medium, image of the text medium, jpg)', async () => {
      for (const url of [
        `/www/artikelmediadaten/${imageKey}?type=Text`,
        `/www/artikelmediadaten/${textKey}?type=Bild`,
        `/www/artikelmediadaten/${imageKey}?type=jpg`,
      ]) {
        const res = await get(url).parse(json).expect(404);
        expect(res.body.error).toBe('not_found');
      }
    });

    it('VERWENDUNG: a medium for another usage or an article attribute without the usage hides it', async () => {
      await t.dataSource.query(
        `UPDATE "ArtikelMedia" SET "AMDVerwendung" = 'PRINT' WHERE "IDKey" = ${imageKey}`,
      );
      try {
        await get(`/www/artikelmediadaten/${imageKey}?type=Bild`).expect(404);
        await get(`/www/artikelmediadaten/${imageKey}?type=Bild`, admin).expect(200);
        const list = await get('/www/artikelmedia/1001').parse(json).expect(200);
        expect(list.body.data.map((m: { IDKey: number }) => m.IDKey)).toEqual([textKey]);
      } finally {
        await t.dataSource.query(
          `UPDATE "ArtikelMedia" SET "AMDVerwendung" = 'WEB' WHERE "IDKey" = ${imageKey}`,
        );
      }
      await t.dataSource.query(
        `INSERT INTO "Attribut" ("ObjTyp", "ObjKey", "PHKey", "Contents") VALUES ('ART', '1001', 'VERWENDUNG', 'PRINT, KATALOG')`,
      );
      try {
        await get(`/www/artikelmediadaten/${textKey}?type=Text`).expect(404);
        expect((await get('/www/artikelmedia/1001').parse(json).expect(200)).body).toEqual({ data: [] });
        await t.dataSource.query(
          `UPDATE "Attribut" SET "Contents" = 'PRINT, web' WHERE "ObjKey" = '1001' AND "PHKey" = 'VERWENDUNG'`,
        );
        await get(`/www/artikelmediadaten/${textKey}?type=Text`).expect(200);
        expect((await get('/www/artikelmedia/1001').parse(json).expect(200)).body.data).toHaveLength(2);
      } finally {
        await t.dataSource.query(`DELETE FROM "Attribut" WHERE "ObjKey" = '1001' AND "PHKey" = 'VERWENDUNG'`);
      }
    });

    it('media of an article the web shop may not see: 404', async () => {
      await t.dataSource.query(
        `UPDATE "Attribut" SET "Contents" = 'OTHER' WHERE "ObjKey" = '1001' AND "PHKey" = 'RESTWEBSHOP'`,
      );
      try {
        await get(`/www/artikelmediadaten/${imageKey}?type=Bild`).expect(404);
        await get('/www/artikelmedia/1001').expect(404);
        await get(`/www/artikelmediadaten/${imageKey}?type=Bild`, admin).expect(200);
      } finally {
        await t.dataSource.query(
          `UPDATE "Attribut" SET "Contents" = 'SHOP' WHERE "ObjKey" = '1001' AND "PHKey" = 'RESTWEBSHOP'`,
        );
      }
    });

    it('requires a bearer token', async () => {
      await request(t.server).get(`/www/artikelmediadaten/${imageKey}?type=Bild`).expect(401);
    });
  });
});

// Its own app, created after the other one is closed: passport keeps strategies per process.
describe('media: LEGACY_LIST_DATES', () => {
  let legacy: TestApp;

  beforeAll(async () => {
    legacy = await createTestApp({ LEGACY_LIST_DATES: 'true' });
  });
  afterAll(async () => {
    await legacy.close();
  });

  it('renders Modified_UTC in the legacy form when configured', async () => {
    const res = await request(legacy.server)
      .get('/www/artikelmedia/1001')
      .set('Authorization', `Bearer ${await legacy.token()}`)
      .parse(json)
      .expect(200);
    expect(res.body.data.map((m: { Modified_UTC: string }) => m.Modified_UTC)).toEqual([
      'Jan 05 2026 08:00:00:000AM',
      'Jan 05 2026 08:00:00:000AM',
    ]);
  });
});
