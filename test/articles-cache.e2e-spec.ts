import request from 'supertest';
import { AttributeEntity, PriceEntity, StockEntity } from '@app/erp-db';
import { countQueries, QUIET_RELAY } from './support/query-count';
import { createTestApp, json, TestApp } from './support/test-app';

interface ArticleList {
  data: Array<{ ArtNr: string; [key: string]: unknown }>;
  count: number;
}

const PAGE = '/www/artikel?limit=10&sorts=%2BArtNr&fields=ArtNr,Preis,Bestand,Verpackungen';

function client(t: TestApp, token: string) {
  const get = (url: string) => request(t.server).get(url).set('Authorization', `Bearer ${token}`).parse(json);
  const list = async (url: string): Promise<ArticleList> => (await get(url).expect(200)).body as ArticleList;
  const raw = async (url: string): Promise<string> => {
    const res = await request(t.server).get(url).set('Authorization', `Bearer ${token}`).expect(200);
    // supertest listens on a new port for every request; the links carry it.
    return res.text.replace(/127\.0\.0\.1:\d+/g, 'host');
  };
  return { get, list, raw };
}

const record = (l: ArticleList, artNr: string) => l.data.find((a) => a.ArtNr === artNr)!;

/** A time after every demo stamp and after every earlier call (the stamp must move). */
let clock = Date.now();
const later = (ms = 1000) => new Date((clock += ms));

describe('articles: record cache (defaults)', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await createTestApp(QUIET_RELAY);
    api = client(t, await t.token('demo'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('a page read again costs no article query and answers the same bytes', async () => {
    const url = `${PAGE}&offset=20`;
    let first = '';
    const cold = await countQueries(async () => (first = await api.raw(url)));
    let second = '';
    const warm = await countQueries(async () => (second = await api.raw(url)));
    expect(second).toBe(first);
    expect(JSON.parse(first).data).toHaveLength(10);
    // Reference data with the change stamp, and the price lists of the context: nothing per page.
    expect(warm).toBe(2);
    expect(cold).toBeGreaterThan(warm);
  });

  it('a stamped price and stock change show on the very next request, pages and export alike', async () => {
    const before = await api.list(PAGE);
    const prices = (page: ArticleList) =>
      (record(page, '1001').Preis as Array<{ PreisList: number }>).map((p) => p.PreisList);
    expect(prices(before).length).toBeGreaterThan(0);
    expect(prices(before)).not.toContain(123.45);
    await t.dataSource
      .getRepository(PriceEntity)
      .update({ ArtNr: '1001' }, { PreisList: '123.45', GeaendertAm: later() });
    await t.dataSource
      .getRepository(StockEntity)
      .update({ ArtNr: '1002', StaoNr: 1, LagerOrt: 'A-02' }, { Bestand: '4242', GeaendertAm: later() });

    const after = await api.list(PAGE);
    const tiers = record(after, '1001').Preis as Array<{ PreisList: number }>;
    expect(tiers.length).toBeGreaterThan(0);
    expect(tiers.every((p) => p.PreisList === 123.45)).toBe(true);
    expect(record(after, '1002').Bestand).toContainEqual({ LagerOrt: 'A-02', StaoNr: 1, LagerBestand: 4242 });
    // The others are the same records as before.
    expect(record(after, '1000')).toEqual(record(before, '1000'));

    const all = await api.list('/www/artikel?limit=0&fields=ArtNr,Preis,Bestand');
    expect((record(all, '1001').Preis as Array<{ PreisList: number }>)[0].PreisList).toBe(123.45);
    expect(record(all, '1002').Bestand).toContainEqual({ LagerOrt: 'A-02', StaoNr: 1, LagerBestand: 4242 });
  });

  it('a change committed late, stamped up to a minute before the newest stamp, still shows', async () => {
    const newest = later();
    await t.dataSource.getRepository(StockEntity).update({ ArtNr: '1000' }, { GeaendertAm: newest });
    await api.list(PAGE); // the cache has seen `newest` and holds the page
    // A long transaction commits a price stamped 30 s before `newest`, then another change moves the stamp.
    await t.dataSource
      .getRepository(PriceEntity)
      .update({ ArtNr: '1005' }, { PreisList: '77.70', GeaendertAm: new Date(newest.getTime() - 30_000) });
    await t.dataSource.getRepository(StockEntity).update({ ArtNr: '1000' }, { GeaendertAm: later() });
    const tiers = record(await api.list(PAGE), '1005').Preis as Array<{ PreisList: number }>;
    expect(tiers.every((p) => p.PreisList === 77.7)).toBe(true);
  });

  it('customers, currencies, fields and base URLs never share records', async () => {
    const urls = [
      PAGE,
      `${PAGE}&debinr=10001`,
      `${PAGE}&waehrabk=USD`,
      '/www/artikel?limit=10&sorts=%2BArtNr&fields=ArtNr,Preis',
      '/www/artikel?limit=10&sorts=%2BArtNr&adrsprache=fre&fields=ArtNr,ArtBez',
      '/www/artikel?limit=10&sorts=%2BArtNr&fields=ArtNr,ArtBez',
    ];
    const firstRound: string[] = [];
    for (const url of urls) firstRound.push(await api.raw(url));
    for (let i = 0; i < urls.length; i++) expect(await api.raw(urls[i])).toBe(firstRound[i]);
    expect(new Set(firstRound).size).toBe(urls.length);
    // The customer's own price list differs from the default one for at least one article.
    const plain = JSON.parse(firstRound[0]) as ArticleList;
    const customer = JSON.parse(firstRound[1]) as ArticleList;
    expect(customer.data.some((a) => JSON.stringify(a) !== JSON.stringify(record(plain, a.ArtNr)))).toBe(
      true,
    );
    expect((JSON.parse(firstRound[2]) as ArticleList).data.every((a) => a.Preis === undefined)).toBe(true);

    const behindProxy = await request(t.server)
      .get('/www/artikel?limit=1&fields=ArtNr,links')
      .set('Authorization', `Bearer ${await t.token('demo')}`)
      .set('Host', 'shop.example:8443')
      .expect(200);
    const direct = await api.list('/www/artikel?limit=1&fields=ArtNr,links');
    expect(JSON.stringify(behindProxy.body)).toContain('shop.example:8443');
    expect(JSON.stringify(direct)).not.toContain('shop.example:8443');
  });
});

describe('articles: record cache, changes without a stamp (ARTICLE_CACHE_SECONDS=1)', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await createTestApp({ ARTICLE_CACHE_SECONDS: '1' });
    api = client(t, await t.token('demo'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('show once a record is older than ARTICLE_CACHE_SECONDS', async () => {
    const units = async () =>
      ((record(await api.list(PAGE), '1004').Verpackungen as Array<{ VPEinheit: string }>) ?? []).map(
        (p) => p.VPEinheit,
      );
    expect(await units()).toEqual(['KAR']);
    await t.dataSource
      .getRepository(AttributeEntity)
      .update({ ObjTyp: 'ART', ObjKey: '1004', PHKey: 'WEBSHOPVPE' }, { Contents: 'KAR,PAL' });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await units()).toEqual(['KAR', 'PAL']);
  });
});

describe('articles: record cache off (ARTICLE_CACHE_SECONDS=0)', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await createTestApp({ ...QUIET_RELAY, ARTICLE_CACHE_SECONDS: '0' });
    api = client(t, await t.token('demo'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('every request reads its records', async () => {
    await api.list(PAGE);
    await t.dataSource
      .getRepository(AttributeEntity)
      .update({ ObjTyp: 'ART', ObjKey: '1004', PHKey: 'WEBSHOPVPE' }, { Contents: 'PAL' });
    const units = (record(await api.list(PAGE), '1004').Verpackungen as Array<{ VPEinheit: string }>).map(
      (p) => p.VPEinheit,
    );
    expect(units).toEqual(['PAL']);
    const warm = await countQueries(() => api.list(PAGE));
    expect(warm).toBeGreaterThan(2);
  });
});
