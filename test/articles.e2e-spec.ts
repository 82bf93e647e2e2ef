import request from 'supertest';
import { bytes, createTestApp, json, TestApp } from './support/test-app';

interface Link {
  href: string;
  type: string;
  rel: string;
}
interface Article {
  ArtNr: string;
  ArtBez: string;
  [key: string]: unknown;
}
interface ArticleList {
  data: Article[];
  count: number;
  links: Link[];
}

const T = '2026-01-05T08:00:00Z';
/** 300 demo articles, the last 10 (1290-1299) inactive, 1003 released for web shop OTHER only. */
const DEMO_VISIBLE = 289;
const ADMIN_VISIBLE = 290;
const BASE = 'https://shop-api.example.com/erp';

describe('articles: GET /www/artikel and /www/artikel/{ArtNr}', () => {
  let t: TestApp;
  let demo: string;
  let admin: string;
  const base = BASE;

  beforeAll(async () => {
    // supertest binds a new port per request: a configured base URL keeps hrefs comparable.
    t = await createTestApp({ PUBLIC_BASE_URL: BASE });
    demo = await t.token('demo');
    admin = await t.token('admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, token?: string) =>
    request(t.server)
      .get(url)
      .set('Authorization', `Bearer ${token ?? demo}`)
      .parse(json);
  const list = async (url: string, token?: string): Promise<ArticleList> =>
    (await get(url, token).expect(200)).body as ArticleList;
  const record = async (url: string, token?: string): Promise<Article> =>
    (await get(url, token).expect(200)).body.data as Article;
  const numbers = (l: ArticleList) => l.data.map((a) => a.ArtNr);
  const q = <T = Record<string, unknown>>(sql: string): Promise<T[]> => t.dataSource.query(sql);

  const tiers = (...rows: Array<[number, number | null, number]>) =>
    rows.map(([ab, bis, price]) => ({
      AbAnzahl: ab,
      ...(bis === null ? {} : { BisAnzahl: bis }),
      PreisList: price,
      Preisart: 'N',
      GeaendertAmUTC: T,
    }));

  describe('the record', () => {
    it('article 1000: every field of the spec, tiers, stock after reservations in released stores, packaging', async () => {
      const res = await get('/www/artikel/1000').expect(200);
      expect(res.headers['content-type']).toBe('application/json; charset=iso-8859-1');
      expect(res.body).toEqual({
        data: {
          ArtNr: '1000',
          AnLager: 'J',
          ArtBez: 'Kaffeebohnen Crème Röstung 1 kg',
          ArtikelStatus: 1,
          Einheit: 'Pack',
          Farbe: '#1f6fb2',
          WUSTSatz: 2.6,
          GeaendertAmUTC: T,
          attributes: [{ Contents: 'SHOP', PHKey: 'RESTWEBSHOP' }],
          links: [
            { href: `${base}/www/artikel/1000`, type: 'GET', rel: 'artikel' },
            { href: `${base}/www/artikelmedia/1000`, type: 'GET', rel: 'artikelmedia' },
          ],
          ArtGruppe: 'KAFFEE',
          HatVPE: 'J',
          ArtKlasse: 'HANDEL',
          WaehrAbk: 'CHF',
          BeschaffungsArt: 'E',
          VerarbeitungsArt: 'L',
          Preis: tiers([1, 9, 24.9], [10, 49, 23.5], [50, null, 21.9]),
          Bestand: [
            { LagerOrt: 'A-01', StaoNr: 1, LagerBestand: 115 },
            { LagerOrt: 'B-01', StaoNr: 2, LagerBestand: 35 },
          ],
          Verpackungen: [
            {
              VPEinheit: 'KAR',
              VPBezeichnung: 'Karton à 6 Pack',
              Gewicht: 6,
              VPEGewicht: 6.5,
              GewichtInhalt: 6,
              Preis: tiers([1, 9, 140], [10, null, 132]),
            },
            {
              VPEinheit: 'PAL',
              VPBezeichnung: 'Palette à 240 Pack',
              Gewicht: 240,
              VPEGewicht: 240.5,
              GewichtInhalt: 240,
              Preis: tiers([1, null, 5200]),
            },
          ],
        },
      });
    });

    it('writes umlauts as ISO-8859-1 bytes', async () => {
      const res = await request(t.server)
        .get('/www/artikel/1000?fields=ArtBez')
        .set('Authorization', `Bearer ${demo}`)
        .buffer(true)
        .parse(bytes)
        .expect(200);
      expect(res.body).toEqual(
        Buffer.from('{"data":{"ArtBez":"Kaffeebohnen Crème Röstung 1 kg"}}', 'latin1'),
      );
    });

    it('a list record is the same record as the single GET', async () => {
      const page = await list('/www/artikel?limit=300&sorts=%2BArtNr');
      const one = await record('/www/artikel/1000');
      expect(page.data.find((a) => a.ArtNr === '1000')).toEqual(one);
    });

    it('1002 has no price: Preis is absent', async () => {
      const data = await record('/www/artikel/1002');
      expect(data).not.toHaveProperty('Preis');
      expect(data).toMatchObject({
        ArtNr: '1002',
        Bestand: [{ LagerOrt: 'A-02', StaoNr: 1, LagerBestand: 3 }],
      });
    });

    it('1005: negative stock after reservations', async () => {
      const data = await record('/www/artikel/1005?fields=Bestand');
      expect(data).toEqual({ Bestand: [{ LagerOrt: 'A-01', StaoNr: 1, LagerBestand: -3 }] });
    });

    it('1004: WEBSHOPVPE=KAR outputs only the carton, for every user', async () => {
      for (const token of [demo, admin]) {
        const data = await record('/www/artikel/1004?fields=HatVPE,Verpackungen,attributes', token);
        expect(data).toEqual({
          attributes: [
            { Contents: 'SHOP', PHKey: 'RESTWEBSHOP' },
            { Contents: 'KAR', PHKey: 'WEBSHOPVPE' },
          ],
          HatVPE: 'J',
          Verpackungen: [
            {
              VPEinheit: 'KAR',
              VPBezeichnung: 'Karton à 6 Flaschen',
              Gewicht: 6,
              VPEGewicht: 9.5,
              GewichtInhalt: 9,
              Preis: tiers([1, null, 5.4]),
            },
          ],
        });
      }
    });

    it('Verpackungen only when HatVPE = J', async () => {
      const data = await record('/www/artikel/1001?fields=HatVPE,Verpackungen');
      expect(data).toEqual({ HatVPE: 'N' });
    });

    it('WUSTSatz falls back to the standard rate (8.1) for an article without tax code', async () => {
      expect(await q(`SELECT "WUSTCode" FROM "Artikel" WHERE "ArtNr" = '1014'`)).toEqual([
        { WUSTCode: null },
      ]);
      expect(await record('/www/artikel/1014?fields=WUSTSatz')).toEqual({ WUSTSatz: 8.1 });
      expect(await record('/www/artikel/1017?fields=WUSTSatz')).toEqual({ WUSTSatz: 2.6 });
    });

    it('GET /www/artikel/{ArtNr}: 404 when unknown or not released for the web shop; shows inactive ones', async () => {
      const unknown = await get('/www/artikel/4711').expect(404);
      expect(unknown.body).toEqual({
        error: 'not_found',
        error_description: expect.stringContaining('4711'),
      });
      await get('/www/artikel/1003').expect(404);
      expect(await record('/www/artikel/1003?fields=ArtNr', admin)).toEqual({ ArtNr: '1003' });
      expect(await record('/www/artikel/1295?fields=ArtNr,ArtikelStatus')).toEqual({
        ArtNr: '1295',
        ArtikelStatus: 0,
      });
    });

    it('GET /www/artikel/{ArtNr}: paging parameters and a too long ArtNr are 400', async () => {
      for (const url of [
        '/www/artikel/1000?limit=1',
        '/www/artikel/1000?offset=0',
        '/www/artikel/1234567890123456',
      ]) {
        const res = await get(url).expect(400);
        expect(res.body.error).toBe('invalid_request');
      }
    });
  });

  describe('prices: currency, customer and fallback', () => {
    it('waehrabk=EUR: the EUR list, no price for packaging units without EUR price, WaehrAbk EUR', async () => {
      const data = await record('/www/artikel/1000?waehrabk=EUR&fields=WaehrAbk,Preis,Verpackungen');
      expect(data).toEqual({
        WaehrAbk: 'EUR',
        Preis: tiers([1, null, 26.5]),
        Verpackungen: [
          {
            VPEinheit: 'KAR',
            VPBezeichnung: 'Karton à 6 Pack',
            Gewicht: 6,
            VPEGewicht: 6.5,
            GewichtInhalt: 6,
          },
          {
            VPEinheit: 'PAL',
            VPBezeichnung: 'Palette à 240 Pack',
            Gewicht: 240,
            VPEGewicht: 240.5,
            GewichtInhalt: 240,
          },
        ],
      });
      // Every 7th generated article has no EUR price.
      expect(await record('/www/artikel/1008?waehrabk=eur&fields=WaehrAbk,Preis')).toEqual({
        WaehrAbk: 'EUR',
      });
    });

    it('a currency without any price list: records without Preis', async () => {
      const page = await list('/www/artikel?waehrabk=USD&limit=300&fields=ArtNr,WaehrAbk,Preis');
      expect(page.count).toBe(DEMO_VISIBLE);
      expect(page.data.every((a) => a.WaehrAbk === 'USD' && !('Preis' in a))).toBe(true);
    });

    it('an unknown currency: 422 naming waehrabk; one not written as a currency code: 400', async () => {
      const unknown = await get('/www/artikel?waehrabk=XYZ').expect(422);
      expect(unknown.body.error).toBe('unprocessable');
      expect(unknown.body.info.fields[0].field).toBe('waehrabk');
      for (const code of ['EURO1', 'E']) {
        const res = await get(`/www/artikel?waehrabk=${code}`).expect(400);
        expect(res.body.error).toBe('invalid_request');
        expect(res.body.info.fields[0].field).toBe('waehrabk');
      }
    });

    it("debinr=10001: the customer's own list, then its type HAENDLER, then VK, per packaging unit", async () => {
      const data = await record('/www/artikel/1000?debinr=10001&fields=Preis,Verpackungen');
      expect(data).toEqual({
        Preis: tiers([1, null, 18.5]),
        Verpackungen: [
          expect.objectContaining({ VPEinheit: 'KAR', Preis: tiers([1, null, 115]) }),
          expect.objectContaining({ VPEinheit: 'PAL', Preis: tiers([1, null, 5200]) }),
        ],
      });
      // Type HAENDLER (list 3) for articles it prices, e.g. every third generated one.
      expect(await record('/www/artikel/1011?debinr=10001&fields=Preis')).toEqual({
        Preis: tiers([1, null, 330.32]),
      });
      expect(await record('/www/artikel/1011?fields=Preis')).toEqual({ Preis: tiers([1, null, 412.9]) });
    });

    it('debinr unknown: 422 naming debinr; too long: 400', async () => {
      const res = await get('/www/artikel?debinr=99999').expect(422);
      expect(res.body).toEqual({
        error: 'unprocessable',
        error_description: 'Customer 99999 does not exist.',
        info: { fields: [{ field: 'debinr', message: 'no customer with DebiNr 99999' }] },
      });
      expect((await get('/www/artikel?debinr=123456789').expect(400)).body.error).toBe('invalid_request');
      expect((await get('/www/artikel/1000?debinr=99999').expect(422)).body.error).toBe('unprocessable');
    });
  });

  describe('language', () => {
    it('adrsprache=fre: French descriptions, ordered by them; default and ger: German', async () => {
      expect(await record('/www/artikel/1000?adrsprache=fre&fields=ArtBez')).toEqual({
        ArtBez: 'Grains de café torréfaction crème 1 kg',
      });
      expect((await record('/www/artikel/1000?adrsprache=FRE&fields=ArtBez')).ArtBez).toBe(
        'Grains de café torréfaction crème 1 kg',
      );
      expect((await record('/www/artikel/1000?adrsprache=ger&fields=ArtBez')).ArtBez).toBe(
        'Kaffeebohnen Crème Röstung 1 kg',
      );
      const fre = await list('/www/artikel?adrsprache=fre&limit=0&fields=ArtNr');
      const expected = await q<{ ArtNr: string }>(
        `SELECT a."ArtNr" FROM "Artikel" a LEFT JOIN "ArtikelText" x ON x."ArtNr" = a."ArtNr" AND x."AdrSprache" = 'fre'
         WHERE a."ArtikelStatus" = 1 AND a."ArtNr" <> '1003' ORDER BY COALESCE(x."ArtBez", a."ArtBez"), a."ArtNr"`,
      );
      expect(numbers(fre)).toEqual(expected.map((r) => r.ArtNr));
    });

    it('a language without text falls back to the German description', async () => {
      expect((await record('/www/artikel/1000?adrsprache=ita&fields=ArtBez')).ArtBez).toBe(
        'Kaffeebohnen Crème Röstung 1 kg',
      );
    });

    it("debinr selects the customer's language and beats adrsprache", async () => {
      const [{ KundKontakt }] = await q<{ KundKontakt: number }>(
        `SELECT "KundKontakt" FROM "Debitor" WHERE "DebiNr" = '10002'`,
      );
      await t.dataSource.query(
        `UPDATE "Adressen" SET "AdrSprache" = 'fre' WHERE "AdrNr" = ${Number(KundKontakt)}`,
      );
      try {
        const data = await record('/www/artikel/1000?debinr=10002&adrsprache=ger&fields=ArtBez,Preis');
        expect(data).toEqual({
          ArtBez: 'Grains de café torréfaction crème 1 kg',
          Preis: tiers([1, 9, 24.9], [10, 49, 23.5], [50, null, 21.9]),
        });
        expect((await record('/www/artikel/1000?debinr=10001&adrsprache=fre&fields=ArtBez')).ArtBez).toBe(
          'Kaffeebohnen Crème Röstung 1 kg',
        );
      } finally {
        await t.dataSource.query(
          `UPDATE "Adressen" SET "AdrSprache" = 'ger' WHERE "AdrNr" = ${Number(KundKontakt)}`,
        );
      }
    });
  });

  describe('the list: filter, fields, sorts', () => {
    it('lists the active articles released for the web shop, sorted by ArtBez; count = all matching', async () => {
      const all = await list('/www/artikel');
      expect(all.count).toBe(DEMO_VISIBLE);
      expect(all.data).toHaveLength(DEMO_VISIBLE);
      const ids = numbers(all);
      expect(ids).not.toContain('1003');
      expect(ids.filter((n) => Number(n) >= 1290)).toEqual([]);
      const expected = await q<{ ArtNr: string }>(
        `SELECT "ArtNr" FROM "Artikel" WHERE "ArtikelStatus" = 1 AND "ArtNr" <> '1003' ORDER BY "ArtBez", "ArtNr"`,
      );
      expect(ids).toEqual(expected.map((r) => r.ArtNr));
    });

    it('a user without web shop sees every active article (1003 included)', async () => {
      const all = await list('/www/artikel?fields=ArtNr', admin);
      expect(all.count).toBe(ADMIN_VISIBLE);
      expect(numbers(all)).toContain('1003');
    });

    it('fields restricts each record to the named fields, in the order of the spec', async () => {
      const page = await list('/www/artikel?limit=2&fields=Preis,ArtBez,ArtNr');
      for (const a of page.data) expect(Object.keys(a)).toEqual(['ArtNr', 'ArtBez', 'Preis']);
      const links = await list('/www/artikel?limit=1&fields=links&sorts=%2BArtNr');
      expect(links.data).toEqual([
        {
          links: [
            { href: `${base}/www/artikel/1000`, type: 'GET', rel: 'artikel' },
            { href: `${base}/www/artikelmedia/1000`, type: 'GET', rel: 'artikelmedia' },
          ],
        },
      ]);
    });

    it('fields with sorts: ArtNr descending', async () => {
      const page = await list('/www/artikel?fields=ArtNr&sorts=-ArtNr&limit=3');
      expect(page.data).toEqual([{ ArtNr: '1289' }, { ArtNr: '1288' }, { ArtNr: '1287' }]);
    });

    it("sorts: '+' URL-encoded or sent raw (arrives as a blank), several keys", async () => {
      const encoded = await list('/www/artikel?fields=ArtNr&sorts=%2BArtNr&limit=3');
      expect(numbers(encoded)).toEqual(['1000', '1001', '1002']);
      expect(numbers(await list('/www/artikel?fields=ArtNr&sorts=+ArtNr&limit=3'))).toEqual([
        '1000',
        '1001',
        '1002',
      ]);
      const multi = await list(
        '/www/artikel?fields=ArtNr,ArtGruppe,WUSTSatz&sorts=-WUSTSatz,%2BArtGruppe,-ArtNr',
      );
      const rows = multi.data as unknown as Array<{ ArtNr: string; ArtGruppe: string; WUSTSatz: number }>;
      // Text sorts by the database's collation: code points on SQLite and PostgreSQL (C), a
      // linguistic one on SQL Server (Latin1_General_CI_AS, the T-SQL engine's ICU: Ü beside U).
      const text =
        t.dataSource.options.type === 'mssql'
          ? new Intl.Collator('en').compare
          : (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      const sorted = [...rows].sort(
        (a, b) => b.WUSTSatz - a.WUSTSatz || text(a.ArtGruppe, b.ArtGruppe) || (a.ArtNr < b.ArtNr ? 1 : -1),
      );
      expect(rows).toEqual(sorted);
      expect(rows[0].WUSTSatz).toBe(8.1);
      expect(rows[rows.length - 1].WUSTSatz).toBe(2.6);
    });

    it('sorting by GeaendertAmUTC and WaehrAbk is allowed', async () => {
      expect(
        (await list('/www/artikel?fields=ArtNr&sorts=-GeaendertAmUTC,WaehrAbk&limit=1')).data,
      ).toHaveLength(1);
    });

    it.each([
      ['fields=artnr', 'fields'],
      ['fields=ArtNr,Unbekannt', 'fields'],
      ['fields=', 'fields'],
      ['fields=ArtNr;DROP TABLE "Artikel"', 'fields'],
      ['fields=ArtNr FROM Artikel--', 'fields'],
      ['sorts=Unbekannt', 'sorts'],
      ['sorts=%2BPreis', 'sorts'],
      ['sorts=-links', 'sorts'],
      ['sorts=', 'sorts'],
      ['sorts=ArtNr DESC; DROP TABLE "Artikel"', 'sorts'],
      ['sorts=-ArtNr--', 'sorts'],
      ['sorts=(SELECT 1)', 'sorts'],
      ['sorts=*ArtNr', 'sorts'],
      ['limit=-1', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=', 'limit'],
      ['limit=1&limit=2', 'limit'],
      ['limit=10 OR 1=1', 'limit'],
      ['offset=-5', 'offset'],
      ['offset=x', 'offset'],
      ['offset=1e3', 'offset'],
      ['adrsprache=deutsch', 'adrsprache'],
      ['modifiedsince=gestern', 'modifiedsince'],
      ['modifiedsince=2026-01-05T08:00:00', 'modifiedsince'],
      ['seite=2', 'seite'],
    ])('400 for %s, naming the parameter', async (query, field) => {
      const res = await get(`/www/artikel?${query.replace(/ /g, '%20').replace(/"/g, '%22')}`).expect(400);
      expect(res.body).toEqual({
        error: 'invalid_request',
        error_description: expect.any(String),
        info: { fields: expect.any(Array) },
      });
      expect(new Set(res.body.info.fields.map((f: { field: string }) => f.field))).toEqual(new Set([field]));
      expect(await q(`SELECT COUNT(*) AS "n" FROM "Artikel"`)).toEqual([{ n: expect.anything() }]);
    });

    it('lists every problem at once', async () => {
      const res = await get('/www/artikel?limit=x&offset=-1&fields=foo&sorts=bar').expect(400);
      expect(res.body.info.fields.map((f: { field: string }) => f.field).sort()).toEqual([
        'fields',
        'limit',
        'offset',
        'sorts',
      ]);
    });

    it('requires a bearer token', async () => {
      const res = await request(t.server).get('/www/artikel').expect(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      await request(t.server).get('/www/artikel/1000').expect(401);
    });
  });

  describe('paging', () => {
    it('links: next/prev/start repeat the query with the adjusted offset', async () => {
      const first = await list('/www/artikel?limit=10&fields=ArtNr&sorts=%2BArtNr&waehrabk=CHF');
      expect(first.count).toBe(DEMO_VISIBLE);
      expect(first.links).toEqual([
        {
          href: `${base}/www/artikel?limit=10&fields=ArtNr&sorts=%2BArtNr&waehrabk=CHF&offset=10`,
          type: 'GET',
          rel: 'next',
        },
        {
          href: `${base}/www/artikel?limit=10&fields=ArtNr&sorts=%2BArtNr&waehrabk=CHF&offset=0`,
          type: 'GET',
          rel: 'start',
        },
      ]);
      const middle = await list('/www/artikel?limit=10&offset=25&fields=ArtNr');
      expect(middle.links).toEqual([
        { href: `${base}/www/artikel?limit=10&offset=35&fields=ArtNr`, type: 'GET', rel: 'next' },
        { href: `${base}/www/artikel?limit=10&offset=15&fields=ArtNr`, type: 'GET', rel: 'prev' },
        { href: `${base}/www/artikel?limit=10&offset=0&fields=ArtNr`, type: 'GET', rel: 'start' },
      ]);
      const last = await list('/www/artikel?limit=10&offset=280&fields=ArtNr');
      expect(last.data).toHaveLength(9);
      expect(last.links.map((l) => l.rel)).toEqual(['prev', 'start']);
      const beyond = await list('/www/artikel?limit=10&offset=5000&fields=ArtNr');
      expect(beyond).toEqual({
        data: [],
        count: DEMO_VISIBLE,
        links: [
          { href: `${base}/www/artikel?limit=10&offset=4990&fields=ArtNr`, type: 'GET', rel: 'prev' },
          { href: `${base}/www/artikel?limit=10&offset=0&fields=ArtNr`, type: 'GET', rel: 'start' },
        ],
      });
    });

    it('following next through the whole list: no gaps, no repeats, the order of limit=0', async () => {
      const everything = numbers(await list('/www/artikel?fields=ArtNr&sorts=-ArtBez'));
      const seen: string[] = [];
      let url: string | undefined = `/www/artikel?limit=37&fields=ArtNr&sorts=-ArtBez`;
      let pages = 0;
      while (url && pages < 20) {
        const page = await list(url);
        expect(page.count).toBe(DEMO_VISIBLE);
        seen.push(...numbers(page));
        const next = page.links.find((l) => l.rel === 'next');
        url = next ? next.href.slice(base.length) : undefined;
        pages++;
      }
      expect(pages).toBe(Math.ceil(DEMO_VISIBLE / 37));
      expect(new Set(seen).size).toBe(DEMO_VISIBLE);
      expect(seen).toEqual(everything);
    });

    it('limit=0 (and no limit) streams every article with count and links', async () => {
      const res = await get('/www/artikel?limit=0&fields=ArtNr').expect(200);
      expect(res.headers['content-type']).toBe('application/json; charset=iso-8859-1');
      expect(res.headers['transfer-encoding']).toBe('chunked');
      expect(res.body.count).toBe(DEMO_VISIBLE);
      expect(res.body.data).toHaveLength(DEMO_VISIBLE);
      expect(res.body.links).toEqual([
        { href: `${base}/www/artikel?limit=0&fields=ArtNr&offset=0`, type: 'GET', rel: 'start' },
      ]);
      const from = await list('/www/artikel?limit=0&offset=280&fields=ArtNr');
      expect(from.data).toHaveLength(9);
      expect(from.count).toBe(DEMO_VISIBLE);
      expect(from.links.map((l) => [l.rel, l.href.slice(base.length)])).toEqual([
        ['prev', '/www/artikel?limit=0&offset=0&fields=ArtNr'],
        ['start', '/www/artikel?limit=0&offset=0&fields=ArtNr'],
      ]);
      expect(await list('/www/artikel?offset=999&fields=ArtNr')).toMatchObject({
        data: [],
        count: DEMO_VISIBLE,
      });
    });

    it('a streamed list carries the same records as the pages, umlauts as ISO-8859-1', async () => {
      const streamed = await list('/www/artikel?waehrabk=EUR&debinr=10001');
      const paged = await list('/www/artikel?waehrabk=EUR&debinr=10001&limit=300');
      expect(streamed.data).toEqual(paged.data);
      const raw = await request(t.server)
        .get('/www/artikel?fields=ArtBez')
        .set('Authorization', `Bearer ${demo}`)
        .buffer(true)
        .parse(bytes)
        .expect(200);
      expect((raw.body as Buffer).includes(Buffer.from('"Kaffeebohnen Crème Röstung 1 kg"', 'latin1'))).toBe(
        true,
      );
    });

    it('limits above 1000 are served like limit=0, cut at the limit', async () => {
      const big = await list('/www/artikel?limit=5000&fields=ArtNr');
      expect(big.data).toHaveLength(DEMO_VISIBLE);
      expect(big.count).toBe(DEMO_VISIBLE);
      expect(big.links.map((l) => l.rel)).toEqual(['start']);
    });
  });
});
