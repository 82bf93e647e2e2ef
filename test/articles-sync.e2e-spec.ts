import request from 'supertest';
import {
  ApiUserEntity,
  ArticleEntity,
  AttributeEntity,
  PackagingUnitEntity,
  PriceEntity,
  ReservationEntity,
  StockEntity,
} from '@app/erp-db';
import { hashPassword } from '../src/auth/password-hash';
import { countQueries, QUIET_RELAY } from './support/query-count';
import { bytes, createTestApp, json, TestApp } from './support/test-app';

interface ArticleList {
  data: Array<{ ArtNr: string; [key: string]: unknown }>;
  count: number;
  links: Array<{ href: string; type: string; rel: string }>;
}

const DEMO_TIME = '2026-01-05T08:00:00Z';
const DEMO_VISIBLE = 289;

function client(t: TestApp) {
  const get = (url: string, token: string) =>
    request(t.server).get(url).set('Authorization', `Bearer ${token}`).parse(json);
  const list = async (url: string, token: string): Promise<ArticleList> =>
    (await get(url, token).expect(200)).body as ArticleList;
  return { get, list };
}

const numbers = (l: ArticleList) => l.data.map((a) => a.ArtNr);

async function addUser(t: TestApp, name: string, webshop: string | null): Promise<string> {
  const now = new Date();
  await t.dataSource.getRepository(ApiUserEntity).insert({
    name,
    passwordHash: await hashPassword('pw-' + name),
    role: 'shop',
    webshop,
    usage: null,
    disabled: 0,
    createdAt: now,
    updatedAt: now,
  });
  const res = await request(t.server)
    .post('/www/token')
    .auth(name, 'pw-' + name)
    .expect(200);
  return res.body.access_token as string;
}

// Every change below must show at once: no reuse of the ordering between requests.
describe('articles: delta sync, web shops, queries per page (ARTICLE_SNAPSHOT_SECONDS=0)', () => {
  let t: TestApp;
  let demo: string;
  let admin: string;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await createTestApp({ ...QUIET_RELAY, ARTICLE_SNAPSHOT_SECONDS: '0' });
    demo = await t.token('demo');
    admin = await t.token('admin');
    api = client(t);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('modifiedsince', () => {
    it('nothing changed after the demo time; everything (inactive ones too) at it', async () => {
      expect(await api.list('/www/artikel?modifiedsince=2026-01-05T08:00:01Z&limit=10', demo)).toMatchObject({
        data: [],
        count: 0,
      });
      const all = await api.list('/www/artikel?modifiedsince=2026-01-05T08:00:00Z&fields=ArtNr', demo);
      expect(all.count).toBe(DEMO_VISIBLE + 10);
      expect(numbers(all)).toContain('1295');
      const date = await api.list('/www/artikel?modifiedsince=2026-01-05&fields=ArtNr&limit=1', demo);
      expect(date.count).toBe(DEMO_VISIBLE + 10);
      const offset = await api.list('/www/artikel?modifiedsince=2026-01-05T09:00:01%2B01:00&limit=1', demo);
      expect(offset.count).toBe(0);
      const raw = await api.list('/www/artikel?modifiedsince=2026-01-05T09:00:00+01:00&limit=1', demo);
      expect(raw.count).toBe(DEMO_VISIBLE + 10);
    });

    it('a price change, a stock change, a reservation, a packaging change and a deactivation show up', async () => {
      const since = new Date('2026-02-01T10:00:00Z');
      const at = new Date('2026-02-01T10:00:05Z');
      const query = `/www/artikel?modifiedsince=${since.toISOString()}&sorts=%2BArtNr&fields=ArtNr,ArtikelStatus,GeaendertAmUTC,Preis`;
      expect((await api.list(query, demo)).count).toBe(0);

      await t.dataSource
        .getRepository(PriceEntity)
        .update({ ArtNr: '1001', PreisListNr: 1 }, { PreisList: '333.35', GeaendertAm: at });
      const afterPrice = await api.list(query, demo);
      expect(afterPrice).toEqual({
        data: [
          {
            ArtNr: '1001',
            ArtikelStatus: 1,
            GeaendertAmUTC: DEMO_TIME,
            Preis: [
              { AbAnzahl: 1, PreisList: 333.35, Preisart: 'N', GeaendertAmUTC: '2026-02-01T10:00:05Z' },
            ],
          },
        ],
        count: 1,
        links: [expect.objectContaining({ rel: 'start' })],
      });
      // A price of a list the user never sees counts as a change too (superset, never a miss).
      expect((await api.list(`${query}&waehrabk=USD`, demo)).data).toEqual([
        { ArtNr: '1001', ArtikelStatus: 1, GeaendertAmUTC: DEMO_TIME },
      ]);

      await t.dataSource
        .getRepository(StockEntity)
        .update({ ArtNr: '1002', StaoNr: 1, LagerOrt: 'A-02' }, { Bestand: '7', GeaendertAm: at });
      await t.dataSource.getRepository(ReservationEntity).insert({
        ArtNr: '1006',
        StaoNr: 1,
        LagerOrt: 'A-01',
        Menge: '2',
        AuftNr: null,
        GeaendertAm: at,
      });
      await t.dataSource
        .getRepository(PackagingUnitEntity)
        .update({ ArtNr: '1004', VPEinheit: 'PAL' }, { VPBezeichnung: 'Palette neu', GeaendertAm: at });
      await t.dataSource
        .getRepository(ArticleEntity)
        .update({ ArtNr: '1007' }, { ArtikelStatus: 0, GeaendertAm: at });

      const changed = await api.list(query, demo);
      expect(numbers(changed)).toEqual(['1001', '1002', '1004', '1006', '1007']);
      expect(changed.data.find((a) => a.ArtNr === '1007')).toMatchObject({
        ArtikelStatus: 0,
        GeaendertAmUTC: '2026-02-01T10:00:05Z',
      });
      const stock = await api.list(`${query.replace('Preis', 'Bestand')}`, demo);
      expect(stock.data.find((a) => a.ArtNr === '1002')!.Bestand).toEqual([
        { LagerOrt: 'A-02', StaoNr: 1, LagerBestand: 7 },
      ]);
      expect(stock.data.find((a) => a.ArtNr === '1006')!.Bestand).toEqual([
        { LagerOrt: 'A-01', StaoNr: 1, LagerBestand: 76 },
      ]);

      // Paging a delta works like paging the list.
      const page = await api.list(`${query}&limit=2&offset=2`, demo);
      expect(numbers(page)).toEqual(['1004', '1006']);
      expect(page.links.map((l) => l.rel)).toEqual(['next', 'prev', 'start']);

      // The single GET honours it too.
      await api.get(`/www/artikel/1001?modifiedsince=${since.toISOString()}`, demo).expect(200);
      await api.get(`/www/artikel/1000?modifiedsince=${since.toISOString()}`, demo).expect(404);

      // The deactivated article left the normal list.
      expect(numbers(await api.list('/www/artikel?fields=ArtNr', demo))).not.toContain('1007');
      expect((await api.list('/www/artikel?fields=ArtNr&limit=1', demo)).count).toBe(DEMO_VISIBLE - 1);
    });

    it('modifiedsince must be ISO 8601 with offset', async () => {
      for (const value of ['heute', '2026-13-01', '2026-01-05T25:00:00Z', '05.01.2026', '2026-01-05T08:00']) {
        const res = await api.get(`/www/artikel?modifiedsince=${value}`, demo).expect(400);
        expect(res.body.info.fields[0].field).toBe('modifiedsince');
      }
    });
  });

  describe('RESTWEBSHOP', () => {
    it('a user of web shop OTHER sees 1003 and the articles released for SHOP,OTHER', async () => {
      const other = await addUser(t, 'shop-other', 'OTHER');
      const all = await api.list('/www/artikel?fields=ArtNr&sorts=%2BArtNr', other);
      const expected = ['1003'];
      for (let n = 1010; n < 1290; n += 10) if (n !== 1000) expected.push(String(n));
      expect(numbers(all)).toEqual(expected);
      expect(all.count).toBe(29);
      await api.get('/www/artikel/1003', other).expect(200);
      await api.get('/www/artikel/1000', other).expect(404);
    });

    it('matches ignoring case and blanks; no attribute = not released; wildcards are literal', async () => {
      await t.dataSource
        .getRepository(AttributeEntity)
        .update({ ObjTyp: 'ART', ObjKey: '1002', PHKey: 'RESTWEBSHOP' }, { Contents: ' shop , Other ' });
      await t.dataSource
        .getRepository(AttributeEntity)
        .delete({ ObjTyp: 'ART', ObjKey: '1005', PHKey: 'RESTWEBSHOP' });
      const ids = numbers(await api.list('/www/artikel?fields=ArtNr', demo));
      expect(ids).toContain('1002');
      expect(ids).not.toContain('1005');
      // A record that needs the attributes takes the test from the attribute rows it reads.
      const withAttributes = await api.list('/www/artikel?fields=ArtNr,attributes', demo);
      expect(numbers(withAttributes)).toEqual(ids);
      await api.get('/www/artikel/1005', demo).expect(404);
      await api.get('/www/artikel/1005?fields=ArtNr,attributes', demo).expect(404);
      await api.get('/www/artikel/1005', admin).expect(200);
      const wild = await addUser(t, 'shop-wild', 'SH_P');
      expect((await api.list('/www/artikel?limit=1', wild)).count).toBe(0);
      const percent = await addUser(t, 'shop-percent', '%');
      expect((await api.list('/www/artikel?limit=1', percent)).count).toBe(0);
    });
  });

  describe('queries', () => {
    it('a page costs the same number of queries whatever its size, but for one statement each of rows, details and prices per 128 articles', async () => {
      // Field lists no other request asks for: none of these records is in the record cache yet.
      const countFor = (limit: number, fields: string) =>
        countQueries(() =>
          api
            .get(`/www/artikel?limit=${limit}&sorts=%2BArtNr&debinr=10001&fields=${fields}`, demo)
            .expect(200),
        );
      const small = await countFor(5, 'ArtNr,Preis,Bestand,Verpackungen');
      const large = await countFor(250, 'ArtNr,Preis,Bestand,Verpackungen,Farbe');
      expect(small).toBeGreaterThan(0);
      // Rows, details and prices are looked up in IN lists of at most 128 articles: 250 take two each.
      expect(large).toBe(small + 3);
      expect(small).toBeLessThanOrEqual(8);
    });
  });
});

// Own app (passport keeps strategies per process, so apps run one after the other).
describe('articles: ordering snapshot, UTF-8 and proxy links (defaults otherwise)', () => {
  let t: TestApp;
  let demo: string;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await createTestApp({ RESPONSE_CHARSET: 'utf-8', TRUST_PROXY: 'loopback' });
    demo = await t.token('demo');
    api = client(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('pages reuse the ordering for a while (count), but stamped changes show at once; the stream is always fresh', async () => {
    const before = await api.list('/www/artikel?limit=300&fields=ArtNr,Bestand&sorts=%2BArtNr', demo);
    expect(before.count).toBe(DEMO_VISIBLE);
    // As the ERP does it: a change stamps GeaendertAm.
    const now = new Date();
    await t.dataSource
      .getRepository(ArticleEntity)
      .update({ ArtNr: '1006' }, { ArtikelStatus: 0, GeaendertAm: now });
    await t.dataSource
      .getRepository(StockEntity)
      .update({ ArtNr: '1008', StaoNr: 1, LagerOrt: 'A-01' }, { Bestand: '4711', GeaendertAm: now });
    const page = await api.list('/www/artikel?limit=300&fields=ArtNr,Bestand&sorts=%2BArtNr', demo);
    expect(page.count).toBe(DEMO_VISIBLE);
    expect(numbers(page)).not.toContain('1006');
    expect(page.data.find((a) => a.ArtNr === '1008')!.Bestand).toEqual([
      { LagerOrt: 'A-01', StaoNr: 1, LagerBestand: 4711 },
    ]);
    const streamed = await api.list('/www/artikel?fields=ArtNr&sorts=%2BArtNr', demo);
    expect(streamed.count).toBe(DEMO_VISIBLE - 1);
  });

  it('RESPONSE_CHARSET=utf-8: pages and the stream are UTF-8', async () => {
    for (const url of ['/www/artikel?limit=300&fields=ArtBez', '/www/artikel?fields=ArtBez']) {
      const res = await request(t.server)
        .get(url)
        .set('Authorization', `Bearer ${demo}`)
        .buffer(true)
        .parse(bytes)
        .expect(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect((res.body as Buffer).includes(Buffer.from('"Kaffeebohnen Crème Röstung 1 kg"', 'utf8'))).toBe(
        true,
      );
      expect((res.body as Buffer).includes(Buffer.from('„Profi“', 'utf8'))).toBe(true);
    }
  });

  it('behind a trusted proxy the links use X-Forwarded-Proto/Host/Prefix', async () => {
    const res = await request(t.server)
      .get('/www/artikel?limit=1&fields=links&sorts=%2BArtNr')
      .set('Authorization', `Bearer ${demo}`)
      .set('X-Forwarded-Proto', 'https')
      .set('X-Forwarded-Host', 'shop.example.ch')
      .set('X-Forwarded-Prefix', '/api')
      .parse(json)
      .expect(200);
    expect(res.body.data[0].links[0]).toEqual({
      href: 'https://shop.example.ch/api/www/artikel/1000',
      type: 'GET',
      rel: 'artikel',
    });
    expect(res.body.links[0]).toEqual({
      href: 'https://shop.example.ch/api/www/artikel?limit=1&fields=links&sorts=%2BArtNr&offset=1',
      type: 'GET',
      rel: 'next',
    });
  });
});
