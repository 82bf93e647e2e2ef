import { randomBytes } from 'node:crypto';
import { AppConfig } from '../common/config/app-config';
import { ArticleRecordCache, LATE_COMMIT_MARGIN_MS } from './article-record-cache';

const cacheWith = (seconds = 60, mb = 1) =>
  new ArticleRecordCache({ articleCacheSeconds: seconds, articleCacheMb: mb } as AppConfig);

const stamp = (key: string, latest: string | null) => ({
  key,
  latest: latest === null ? null : new Date(latest),
});
const nothingChanged = async () => [];

const store = (
  cache: ArticleRecordCache,
  generation: number,
  context: string,
  records: { artNr: string; json: string }[],
) =>
  cache.store(
    generation,
    context,
    records.map((r) => ({ artNr: r.artNr, bytes: Buffer.from(r.json) })),
  );
const lookup = (cache: ArticleRecordCache, context: string, artNrs: string[]) =>
  cache.lookup(context, artNrs).map((bytes) => bytes?.toString());

describe('ArticleRecordCache', () => {
  it('serves what was stored for the same context only', async () => {
    const cache = cacheWith();
    const gen = await cache.sync(stamp('a', '2026-01-01T00:00:00Z'), nothingChanged);
    store(cache, gen, 'ctx1', [{ artNr: '1', json: '{"ArtNr":"1"}' }]);
    expect(lookup(cache, 'ctx1', ['1', '2'])).toEqual(['{"ArtNr":"1"}', undefined]);
    expect(lookup(cache, 'ctx2', ['1'])).toEqual([undefined]);
  });

  it('drops the articles changed since the previous stamp (less the margin) when the stamp moves', async () => {
    const cache = cacheWith();
    let gen = await cache.sync(stamp('a', '2026-01-01T10:00:00Z'), nothingChanged);
    store(cache, gen, 'ctx', [
      { artNr: '1', json: 'one' },
      { artNr: '2', json: 'two' },
    ]);
    const asked: Date[] = [];
    gen = await cache.sync(stamp('b', '2026-01-01T10:05:00Z'), async (since) => {
      asked.push(since);
      return ['2'];
    });
    expect(asked).toEqual([new Date(Date.parse('2026-01-01T10:00:00Z') - LATE_COMMIT_MARGIN_MS)]);
    expect(lookup(cache, 'ctx', ['1', '2'])).toEqual(['one', undefined]);
    // An unchanged stamp asks nothing.
    await cache.sync(stamp('b', '2026-01-01T10:05:00Z'), () => Promise.reject(new Error('not asked')));
  });

  it('does not store what was read under a stamp that has moved on since', async () => {
    const cache = cacheWith();
    const old = await cache.sync(stamp('a', '2026-01-01T10:00:00Z'), nothingChanged);
    await cache.sync(stamp('b', '2026-01-01T10:01:00Z'), async () => ['1']);
    store(cache, old, 'ctx', [{ artNr: '1', json: 'stale' }]);
    expect(lookup(cache, 'ctx', ['1'])).toEqual([undefined]);
  });

  it('forgets everything when the changed articles cannot be listed', async () => {
    const cache = cacheWith();
    const gen = await cache.sync(stamp('a', '2026-01-01T10:00:00Z'), nothingChanged);
    store(cache, gen, 'ctx', [{ artNr: '1', json: 'one' }]);
    await cache.sync(stamp('b', '2026-01-01T10:01:00Z'), () => Promise.reject(new Error('db down')));
    expect(lookup(cache, 'ctx', ['1'])).toEqual([undefined]);
  });

  it('lets entries expire after ARTICLE_CACHE_SECONDS', async () => {
    const cache = cacheWith(0.05);
    const gen = await cache.sync(stamp('a', null), nothingChanged);
    store(cache, gen, 'ctx', [{ artNr: '1', json: 'one' }]);
    expect(lookup(cache, 'ctx', ['1'])).toEqual(['one']);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(lookup(cache, 'ctx', ['1'])).toEqual([undefined]);
  });

  it('stays within ARTICLE_CACHE_MB, dropping the oldest entries first', async () => {
    const cache = cacheWith(60, 1);
    const gen = await cache.sync(stamp('a', null), nothingChanged);
    // Random text: deflate saves a quarter at most, so a record takes at least 7,500 bytes.
    const json = Array.from({ length: 200 }, () => randomBytes(7_500).toString('base64'));
    for (let i = 0; i < 200; i++) store(cache, gen, 'ctx', [{ artNr: String(i), json: json[i] }]);
    const held = lookup(cache, 'ctx', Object.keys(json)).filter((j) => j !== undefined);
    expect(held.length).toBeGreaterThan(100);
    expect(held.length).toBeLessThanOrEqual(Math.floor(2 ** 20 / 7_500));
    expect(lookup(cache, 'ctx', ['0', '199'])).toEqual([undefined, json[199]]);
  });

  it('holds compressed what does not fit as it is, and gives every record back exactly', async () => {
    const cache = cacheWith(60, 1);
    const gen = await cache.sync(stamp('a', null), nothingChanged);
    // About 700 bytes each, shaped like an article's record.
    const record = (i: number) =>
      JSON.stringify({
        ArtNr: `A${i}`,
        ArtBez: `Schraube ${i} verzinkt, Maß ${i % 97} mm`,
        Einheit: 'Stk',
        Preise: Array.from({ length: 6 }, (_, p) => ({
          PreisListe: p,
          Menge: p * 10,
          Preis: (i * (p + 1)) / 100,
        })),
        Lager: [{ LagerNr: 1, Bestand: i % 1000, Reserviert: i % 7 }],
        links: [{ rel: 'self', href: `http://localhost:3000/www/artikel/A${i}` }],
      });
    const pages = 30;
    for (let page = 0; page < pages; page++)
      store(
        cache,
        gen,
        'ctx',
        Array.from({ length: 100 }, (_, r) => ({
          artNr: String(page * 100 + r),
          json: record(page * 100 + r),
        })),
      );
    const all = Array.from({ length: pages * 100 }, (_, i) => String(i));
    expect(all.reduce((bytes, _, i) => bytes + record(i).length, 0)).toBeGreaterThan(2 ** 20);
    expect(lookup(cache, 'ctx', all)).toEqual(all.map((_, i) => record(i)));
  });

  it('splits a read of more records than a block holds', async () => {
    const cache = cacheWith();
    const gen = await cache.sync(stamp('a', null), nothingChanged);
    const artNrs = Array.from({ length: 2500 }, (_, i) => String(i));
    store(
      cache,
      gen,
      'ctx',
      artNrs.map((artNr) => ({ artNr, json: `r${artNr}` })),
    );
    expect(lookup(cache, 'ctx', artNrs)).toEqual(artNrs.map((artNr) => `r${artNr}`));
  });

  it('drops the records of one read together; one read again since stays with its newer read', async () => {
    const cache = cacheWith(60, 1);
    const gen = await cache.sync(stamp('a', null), nothingChanged);
    // Random text, which deflate shrinks by a quarter at most: two of these fill most of the
    // budget even compressed.
    const [a, b, b2, c] = [0, 1, 2, 3].map(() => randomBytes(300_000).toString('base64'));
    store(cache, gen, 'ctx', [
      { artNr: '1', json: a },
      { artNr: '2', json: b },
    ]);
    store(cache, gen, 'ctx', [{ artNr: '2', json: b2 }]);
    expect(lookup(cache, 'ctx', ['1', '2'])).toEqual([a, b2]);
    store(cache, gen, 'ctx', [{ artNr: '3', json: c }]);
    expect(lookup(cache, 'ctx', ['1', '2', '3'])).toEqual([undefined, b2, c]);
  });

  it('evicts a changed article in every context, and starts over beyond 1000 contexts', async () => {
    const cache = cacheWith();
    let gen = await cache.sync(stamp('a', '2026-01-01T10:00:00Z'), nothingChanged);
    for (let c = 0; c < 3; c++)
      store(cache, gen, `ctx${c}`, [
        { artNr: '1', json: `one${c}` },
        { artNr: '2', json: `two${c}` },
      ]);
    gen = await cache.sync(stamp('b', '2026-01-01T10:01:00Z'), async () => ['1']);
    for (let c = 0; c < 3; c++) expect(lookup(cache, `ctx${c}`, ['1', '2'])).toEqual([undefined, `two${c}`]);
    for (let c = 3; c < 1000; c++) store(cache, gen, `ctx${c}`, [{ artNr: '9', json: 'x' }]);
    expect(lookup(cache, 'ctx0', ['2'])).toEqual(['two0']);
    store(cache, gen, 'one-more', [{ artNr: '9', json: 'y' }]);
    expect(lookup(cache, 'ctx0', ['2'])).toEqual([undefined]);
    expect(lookup(cache, 'one-more', ['9'])).toEqual(['y']);
  });

  it('does nothing when switched off', async () => {
    const cache = cacheWith(0);
    const gen = await cache.sync(stamp('a', null), () => Promise.reject(new Error('not asked')));
    store(cache, gen, 'ctx', [{ artNr: '1', json: 'one' }]);
    expect(lookup(cache, 'ctx', ['1'])).toEqual([undefined]);
  });
});
