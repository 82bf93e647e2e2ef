import request from 'supertest';
import { rawSql } from './support/raw-sql';
import { createTestApp, json, TestApp } from './support/test-app';

/** The `servers` of the document Swagger UI's init script embeds. */
function initServers(script: string): unknown {
  const start = script.indexOf('"swaggerDoc": ');
  const doc = script.slice(start + '"swaggerDoc": '.length, script.indexOf(',\n  "customOptions"', start));
  return (JSON.parse(doc) as { servers: unknown }).servers;
}

describe('foundation: common layer and demo data', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const { p, q } = rawSql(() => t);

  describe('HTTP conventions', () => {
    it('GET /health answers without authentication', async () => {
      const res = await request(t.server).get('/health').parse(json).expect(200);
      expect(res.body).toEqual({ status: 'ok' });
      expect(res.headers['content-type']).toBe('application/json; charset=iso-8859-1');
    });

    it('GET /ready: the database answers and no migration is pending; else 503 saying which', async () => {
      const res = await request(t.server).get('/ready').parse(json).expect(200);
      expect(res.body).toEqual({ status: 'ready', database: 'up', migrations: 'current', eventBacklog: 0 });
      // A schema one migration behind this version (as after deploying before migrating).
      const [last] = await q<{ id: number; timestamp: string; name: string }>(
        'SELECT * FROM "migrations" ORDER BY "timestamp" DESC LIMIT 1',
      );
      await q(`DELETE FROM "migrations" WHERE "name" = ${p(1)}`, [last.name]);
      try {
        const behind = await request(t.server).get('/ready').parse(json).expect(503);
        expect(behind.body).toEqual({
          error: 'service_unavailable',
          error_description: 'The database schema lacks migrations of this version.',
          info: { database: 'up', migrations: 'pending' },
        });
      } finally {
        await q(`INSERT INTO "migrations" ("id", "timestamp", "name") VALUES (${p(1)}, ${p(2)}, ${p(3)})`, [
          last.id,
          last.timestamp,
          last.name,
        ]);
      }
      await request(t.server).get('/ready').expect(200);
    });

    it('unknown route: 404 with the error body and a request id', async () => {
      const res = await request(t.server).get('/www/gibtsnicht').parse(json).expect(404);
      expect(res.body).toEqual({ error: 'not_found', error_description: expect.any(String) });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it.each([
      ['delete', '/www/zugferd', 'OPTIONS, POST'],
      ['put', '/www/artikel', 'GET, HEAD'],
      ['delete', '/www/artikel/ABC', 'GET, HEAD'],
      ['post', '/health', 'GET, HEAD'],
      ['query', '/www/kunden/10001', 'GET, HEAD, PUT'],
      // A path without parameters is not claimed by another route's parameter (/www/auftrag/:AuftNr).
      ['get', '/www/auftrag/kalkulation', 'POST'],
    ] as const)(
      '%s %s: a path that exists without that method is 405 with Allow',
      async (method, path, allow) => {
        const res = await (request(t.server)[method](path) as request.Test).parse(json).expect(405);
        expect(res.headers.allow).toBe(allow);
        expect(res.body).toEqual({
          error: 'method_not_allowed',
          error_description: `${method.toUpperCase()} is not allowed on this path; it answers ${allow}.`,
          info: { allowed: allow.split(', ') },
        });
        expect(res.headers['x-request-id']).toBeDefined();
      },
    );

    it('a path no route has stays 404 whatever the method', async () => {
      const res = await request(t.server).delete('/www/artikel/ABC/extra').parse(json).expect(404);
      expect(res.body).toEqual({ error: 'not_found', error_description: expect.any(String) });
    });

    it('takes a plain X-Request-Id from the request and echoes it', async () => {
      const res = await request(t.server).get('/health').set('X-Request-Id', 'shop-req-42').expect(200);
      expect(res.headers['x-request-id']).toBe('shop-req-42');
    });

    it('malformed JSON: 400 invalid_request', async () => {
      const res = await request(t.server)
        .post('/www/token')
        .set('Content-Type', 'application/json')
        .send('{"broken":')
        .parse(json)
        .expect(400);
      expect(res.body).toEqual({
        error: 'invalid_request',
        error_description: 'The request body is not valid JSON.',
      });
    });

    it('body over 1 MB: 413 payload_too_large', async () => {
      const big = JSON.stringify({ filler: 'x'.repeat(1024 * 1024 + 10) });
      const res = await request(t.server)
        .post('/www/token')
        .set('Content-Type', 'application/json')
        .send(big)
        .parse(json)
        .expect(413);
      expect(res.body).toEqual({ error: 'payload_too_large', error_description: expect.any(String) });
    });

    it('a body that is not JSON: 415', async () => {
      const res = await request(t.server)
        .post('/www/token')
        .set('Content-Type', 'text/xml')
        .send('<a/>')
        .parse(json)
        .expect(415);
      expect(res.body.error).toBe('unsupported_media_type');
    });

    it('an unsupported request charset: 415', async () => {
      const res = await request(t.server)
        .post('/www/token')
        .set('Content-Type', 'application/json; charset=ebcdic')
        .send('{}')
        .parse(json)
        .expect(415);
      expect(res.body.error).toBe('unsupported_media_type');
    });

    it('serves Swagger UI and the OpenAPI document with both security schemes', async () => {
      await request(t.server)
        .get('/docs')
        .expect(200)
        .expect('content-type', /text\/html/);
      const res = await request(t.server).get('/docs-json').parse(json).expect(200);
      expect(Object.keys(res.body.components.securitySchemes).sort()).toEqual(['basic', 'bearer']);
      expect(res.body.info.version).toBe('0.1.0');
    });

    it("Swagger UI's server is relative, not the request's Host, and its init script is not cached", async () => {
      const doc = await request(t.server)
        .get('/docs-json')
        .set('Host', 'evil.example')
        .parse(json)
        .expect(200);
      expect(doc.body.servers).toEqual([{ url: '/' }]);
      expect(doc.headers['cache-control']).toBe('no-store');
      const init = await request(t.server)
        .get('/docs/swagger-ui-init.js')
        .set('Host', 'evil.example')
        .expect(200);
      expect(initServers(init.text)).toEqual([{ url: '/' }]);
      expect(init.text).not.toContain('evil.example');
      expect(init.headers['cache-control']).toBe('no-store');
    });
  });

  describe('demo seed fixtures (asserted in the database)', () => {
    it('has the API users demo (shop, SHOP) and admin (admin)', async () => {
      const users = await q<{ name: string; role: string; webshop: string | null }>(
        'SELECT name, role, webshop FROM rest_user ORDER BY name',
      );
      expect(users).toEqual([
        { name: 'admin', role: 'admin', webshop: null },
        { name: 'demo', role: 'shop', webshop: 'SHOP' },
      ]);
    });

    it('has customer 10001 with its Zürich contact address and separate delivery and billing addresses', async () => {
      const [c] = await q<Record<string, unknown>>(`SELECT * FROM "Debitor" WHERE "DebiNr" = ${p(1)}`, [
        '10001',
      ]);
      expect(c).toMatchObject({ WaehrAbk: 'CHF', KreditLimit: 5000 });
      const [k] = await q<Record<string, unknown>>(`SELECT * FROM "Adressen" WHERE "AdrNr" = ${p(1)}`, [
        c.KundKontakt,
      ]);
      expect(k).toMatchObject({
        AdrFirma: 'Muster AG',
        AdrAdresse1: 'Bahnhofstrasse 1',
        OrtPLZ: '8001',
        OrtName: 'Zürich',
        OrtLand: 'CH',
        AdrSprache: 'ger',
      });
      expect(new Set([c.KundKontakt, c.KundLief, c.KundRech]).size).toBe(3);
      const orders = await q<{ AuftNr: string; AuftStatus: string }>(
        `SELECT "AuftNr", "AuftStatus" FROM "Auftrag" WHERE "KundNr" = ${p(1)} ORDER BY "AuftNr"`,
        ['10001'],
      );
      expect(orders).toEqual([
        { AuftNr: '100001', AuftStatus: 'N' },
        { AuftNr: '100002', AuftStatus: 'A' },
        { AuftNr: '500001', AuftStatus: 'P' },
      ]);
    });

    it('has customer 10002 in Berlin with EUR, credit limit 0 and no orders', async () => {
      const [c] = await q<Record<string, unknown>>(
        `SELECT d."WaehrAbk", d."KreditLimit", a."OrtPLZ", a."OrtName", a."OrtLand" FROM "Debitor" d JOIN "Adressen" a ON a."AdrNr" = d."KundKontakt" WHERE d."DebiNr" = ${p(1)}`,
        ['10002'],
      );
      expect(c).toEqual({
        WaehrAbk: 'EUR',
        KreditLimit: 0,
        OrtPLZ: '10115',
        OrtName: 'Berlin',
        OrtLand: 'DE',
      });
      const [{ n }] = await q<{ n: number }>(`SELECT COUNT(*) AS n FROM "Auftrag" WHERE "KundNr" = ${p(1)}`, [
        '10002',
      ]);
      expect(Number(n)).toBe(0);
    });

    it('has template offers 500002 (matching 10001) and 500003 (EUR)', async () => {
      const rows = await q<Record<string, unknown>>(
        `SELECT "AuftNr", "AuftStatus", "KundNr", "PreisListTyp", "KTNr", "WUSTCode", "WaehrAbk" FROM "Auftrag" WHERE "AuftNr" IN ('500002', '500003') ORDER BY "AuftNr"`,
      );
      const [c] = await q<Record<string, unknown>>(
        `SELECT "PreisListTyp", "KTNr", "WUSTCode", "WaehrAbk" FROM "Debitor" WHERE "DebiNr" = '10001'`,
      );
      expect(rows[0]).toEqual({ AuftNr: '500002', AuftStatus: 'P', KundNr: null, ...c });
      expect(rows[1]).toMatchObject({ AuftNr: '500003', AuftStatus: 'P', KundNr: null, WaehrAbk: 'EUR' });
    });

    it('has at least 250 active articles released for SHOP, but not 1003', async () => {
      const [{ n }] = await q<{ n: number }>(
        `SELECT COUNT(*) AS n FROM "Artikel" a JOIN "Attribut" t ON t."ObjTyp" = 'ART' AND t."ObjKey" = a."ArtNr" AND t."PHKey" = 'RESTWEBSHOP'
         WHERE a."ArtikelStatus" = 1 AND (',' || t."Contents" || ',') LIKE '%,SHOP,%'`,
      );
      expect(Number(n)).toBeGreaterThanOrEqual(250);
      const [a1003] = await q<{ Contents: string }>(
        `SELECT "Contents" FROM "Attribut" WHERE "ObjTyp" = 'ART' AND "ObjKey" = '1003' AND "PHKey" = 'RESTWEBSHOP'`,
      );
      expect(a1003.Contents).toBe('OTHER');
    });

    it('article 1000: packaging units with prices, three price tiers, stock in two places, ger and fre texts', async () => {
      const [a] = await q<{ HatVPE: string }>(`SELECT "HatVPE" FROM "Artikel" WHERE "ArtNr" = '1000'`);
      expect(a.HatVPE).toBe('J');
      const vpe = await q<{ VPEinheit: string }>(
        `SELECT "VPEinheit" FROM "ArtikelVPE" WHERE "ArtNr" = '1000' ORDER BY "VPEinheit"`,
      );
      expect(vpe.map((v) => v.VPEinheit)).toEqual(['KAR', 'PAL']);
      const vpePrices = await q(`SELECT 1 FROM "Preis" WHERE "ArtNr" = '1000' AND "VPEinheit" <> ''`);
      expect(vpePrices.length).toBeGreaterThan(0);
      const tiers = await q<{ AbAnzahl: unknown }>(
        `SELECT "AbAnzahl" FROM "Preis" WHERE "ArtNr" = '1000' AND "PreisListNr" = 1 AND "VPEinheit" = '' ORDER BY "AbAnzahl"`,
      );
      expect(tiers.map((r) => Number(r.AbAnzahl))).toEqual([1, 10, 50]);
      const places = await q(
        `SELECT s."LagerOrt" FROM "Lagerbestand" s JOIN "Standort" o ON o."StaoNr" = s."StaoNr" WHERE s."ArtNr" = '1000' AND o."Freigegeben" = 'J'`,
      );
      expect(places).toHaveLength(2);
      const texts = await q<{ AdrSprache: string; ArtBez: string }>(
        `SELECT "AdrSprache", "ArtBez" FROM "ArtikelText" WHERE "ArtNr" = '1000' ORDER BY "AdrSprache"`,
      );
      expect(texts.map((x) => x.AdrSprache)).toEqual(['fre', 'ger']);
      expect(texts[0].ArtBez).not.toBe(texts[1].ArtBez);
    });

    it('article 1001 has a PNG and a text medium; 1002 has no price', async () => {
      const media = await q<{ AMDBildFormat: string | null; AMDText: string | null }>(
        `SELECT "AMDBildFormat", "AMDText" FROM "ArtikelMedia" WHERE "ArtNr" = '1001' ORDER BY "IDKey"`,
      );
      expect(media).toHaveLength(2);
      expect(media[0].AMDBildFormat).toBe('image/png');
      expect(media[1].AMDText).toContain('Küchenmaschine');
      expect(await q(`SELECT 1 FROM "Preis" WHERE "ArtNr" = '1002'`)).toHaveLength(0);
    });

    it('has the CH and DE tax codes and the postal directory', async () => {
      const rates = await q<{ WUSTSatz: unknown; OrtLand: string }>(
        `SELECT "WUSTSatz", "OrtLand" FROM "MWSTCode"`,
      );
      const of = (land: string) =>
        rates
          .filter((r) => r.OrtLand === land)
          .map((r) => Number(r.WUSTSatz))
          .sort((a, b) => a - b);
      expect(of('CH')).toEqual([2.6, 3.8, 8.1]);
      expect(of('DE')).toEqual([7, 19]);
      const [zh] = await q<{ OrtName: string }>(
        `SELECT "OrtName" FROM "PLZVerzeichnis" WHERE "OrtLand" = 'CH' AND "OrtPLZ" = '8001'`,
      );
      expect(zh.OrtName).toBe('Zürich');
      const [{ n }] = await q<{ n: number }>(
        `SELECT COUNT(*) AS n FROM "PLZVerzeichnis" WHERE "OrtLand" = 'CH'`,
      );
      expect(Number(n)).toBeGreaterThanOrEqual(52);
    });
  });
});

describe("Swagger UI's server from PUBLIC_BASE_URL or a trusted proxy only", () => {
  it('PUBLIC_BASE_URL wins over any Host or forwarded header', async () => {
    const t = await createTestApp({ PUBLIC_BASE_URL: 'https://erp.example.com/api' });
    try {
      const init = await request(t.server)
        .get('/docs/swagger-ui-init.js')
        .set('Host', 'evil.example')
        .set('X-Forwarded-Host', 'evil.example')
        .expect(200);
      expect(initServers(init.text)).toEqual([{ url: 'https://erp.example.com/api' }]);
      expect(init.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  });

  it('X-Forwarded-* count from a trusted proxy (TRUST_PROXY) and from nobody else', async () => {
    const forwarded = {
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-Host': 'shop.example',
      'X-Forwarded-Prefix': '/erp',
    };
    const trusted = await createTestApp({ TRUST_PROXY: 'loopback' });
    const untrusted = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      const via = await request(trusted.server).get('/docs/swagger-ui-init.js').set(forwarded).expect(200);
      expect(initServers(via.text)).toEqual([{ url: 'https://shop.example/erp' }]);
      const doc = await request(trusted.server).get('/docs-json').set(forwarded).parse(json).expect(200);
      expect(doc.body.servers).toEqual([{ url: 'https://shop.example/erp' }]);
      const direct = await request(untrusted.server)
        .get('/docs/swagger-ui-init.js')
        .set(forwarded)
        .expect(200);
      expect(initServers(direct.text)).toEqual([{ url: '/' }]);
    } finally {
      await trusted.close();
      await untrusted.close();
    }
  });
});
