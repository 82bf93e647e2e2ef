import fc from 'fast-check';
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

/** The cache holds records as bytes; the tests speak in their text. */
const text = (bytes: Uint8Array | undefined) =>
  bytes === undefined ? undefined : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString();
const store = (
  cache: ArticleRecordCache,
  generation: number,
  context: string,
  records: { artNr: string; json: string }[],
  typical = false,
) =>
  cache.store(
    generation,
    context,
    records.map((r) => ({ artNr: r.artNr, bytes: Buffer.from(r.json) })),
    typical,
  );
const lookup = (cache: ArticleRecordCache, context: string, artNrs: string[]) =>
  cache.lookup(context, artNrs).map(text);

/** A JSON text that does not compress below `bytes` (the cache holds records compressed). */
const noise = (bytes: number) => JSON.stringify(randomBytes(bytes).toString('base64'));

describe('ArticleRecordCache', () => {
  afterEach(() => jest.useRealTimers());

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
    jest.useFakeTimers({ now: new Date('2026-03-01T00:00:00Z') });
    const cache = cacheWith(30);
    const gen = await cache.sync(stamp('a', null), nothingChanged);
    store(cache, gen, 'ctx', [{ artNr: '1', json: 'one' }]);
    jest.setSystemTime(new Date('2026-03-01T00:00:29Z'));
    expect(lookup(cache, 'ctx', ['1'])).toEqual(['one']);
    jest.setSystemTime(new Date('2026-03-01T00:00:31Z'));
    expect(lookup(cache, 'ctx', ['1'])).toEqual([undefined]);
    expect(cache.stats().entries).toBe(0);
  });

  it('stays within ARTICLE_CACHE_MB, dropping the oldest entries first', async () => {
    const cache = cacheWith(60, 1);
    const gen = await cache.sync(stamp('a', null), nothingChanged);
    const json = Array.from({ length: 200 }, () => noise(10_000));
    for (let i = 0; i < 200; i++) store(cache, gen, 'ctx', [{ artNr: String(i), json: json[i] }]);
    const { entries, bytes } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(entries).toBeGreaterThan(90);
    expect(lookup(cache, 'ctx', ['0', '199'])).toEqual([undefined, json[199]]);
  });

  it('drops the oldest entries of all contexts first, whichever context is storing', async () => {
    jest.useFakeTimers({ now: new Date('2026-01-05T08:00:00Z') });
    const cache = cacheWith(3600, 1);
    const gen = await cache.sync(stamp('a', null), nothingChanged);
    // Six entries of ~150 kB fit the 1 MiB, seven do not.
    const json = new Map<string, string>();
    const record = (artNr: string) => {
      json.set(artNr, noise(150_000));
      return [{ artNr, json: json.get(artNr) as string }];
    };
    const held = (ctx: string, artNrs: string[]) =>
      lookup(cache, ctx, artNrs).map((j, i) => j === json.get(artNrs[i]));
    // The first records stored become the compression dictionary (and compress to almost nothing).
    store(cache, gen, 'first', [{ artNr: 'F', json: '{}' }]);
    store(cache, gen, 'old', record('A1'));
    jest.advanceTimersByTime(1000);
    for (let i = 0; i < 5; i++) store(cache, gen, 'new', record(`N${i}`));
    jest.advanceTimersByTime(1000);
    store(cache, gen, 'old', record('A2'));
    expect(held('old', ['A1', 'A2'])).toEqual([false, true]);
    for (let i = 0; i < 4; i++) store(cache, gen, 'other', record(`O${i}`));
    expect(held('old', ['A2'])).toEqual([true]);
    expect(held('new', ['N0', 'N1', 'N2', 'N3', 'N4'])).toEqual([false, false, false, false, true]);
    expect(held('other', ['O0', 'O1', 'O2', 'O3'])).toEqual([true, true, true, true]);
    expect(cache.stats().entries).toBe(6);
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
    expect(cache.stats().entries).toBe(1);
  });

  it('does nothing when switched off', async () => {
    const cache = cacheWith(0);
    const gen = await cache.sync(stamp('a', null), () => Promise.reject(new Error('not asked')));
    store(cache, gen, 'ctx', [{ artNr: '1', json: 'one' }]);
    expect(lookup(cache, 'ctx', ['1'])).toEqual([undefined]);
  });

  it('gives back exactly the JSON stored, umlauts and characters beyond Latin-1 included, in any context', async () => {
    const cache = cacheWith();
    const gen = await cache.sync(stamp('a', null), nothingChanged);
    const records = [
      { artNr: 'Ü1', json: '{"ArtNr":"Ü1","ArtBez":"Größe L – 5 €","Farbe":null,"WUSTSatz":8.1}' },
      { artNr: '2', json: '{"ArtNr":"2","ArtBez":"Zeichen 😀 und \\u0000","attributes":[]}' },
      { artNr: '3', json: noise(40_000) },
      { artNr: '4', json: '' },
    ];
    store(cache, gen, 'ctx', records);
    store(cache, gen, 'other', [{ artNr: '2', json: '{"ArtNr":"2","fields":"few"}' }]);
    expect(lookup(cache, 'ctx', ['Ü1', '2', '3', '4'])).toEqual(records.map((r) => r.json));
    expect(lookup(cache, 'other', ['2', 'Ü1'])).toEqual(['{"ArtNr":"2","fields":"few"}', undefined]);
  });

  it('keeps records as they are while they fit, then compresses the oldest before dropping any', async () => {
    const cache = cacheWith(60, 1);
    const gen = await cache.sync(stamp('a', null), nothingChanged);
    const record = (n: number) =>
      JSON.stringify({
        ArtNr: String(n),
        ArtBez: `Akkuschrauber Größe ${n % 7}, Modell ${n}`,
        ArtikelStatus: 1,
        links: [{ href: `https://shop.example/www/artikel/${n}`, type: 'GET', rel: 'artikel' }],
        Preis: [{ AbAnzahl: 1, PreisList: n / 100, Preisart: 'N', GeaendertAmUTC: '2026-01-05T08:00:00Z' }],
      });
    const batch = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => ({ artNr: String(from + i), json: record(from + i) }));
    // A narrow record first: it does not become the dictionary, the first full records do.
    store(cache, gen, 'narrow', [{ artNr: '1', json: '{"ArtNr":"1"}' }]);
    store(cache, gen, 'all', batch(0, 100), true);
    const kept = cache.stats().bytes;
    expect(kept).toBeGreaterThan(100 * record(50).length);
    // 5,000 records of ~270 bytes are 1.35 MB as they are; compressed, all of them fit in 1 MiB.
    for (let from = 100; from < 5000; from += 100) store(cache, gen, 'all', batch(from, from + 100), true);
    const { entries, bytes } = cache.stats();
    expect(entries).toBe(5001);
    expect(bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(lookup(cache, 'all', ['0', '2500', '4999'])).toEqual([record(0), record(2500), record(4999)]);
    expect(lookup(cache, 'narrow', ['1'])).toEqual(['{"ArtNr":"1"}']);
    // Stored again, a compressed record is kept as it is once more, and counted once.
    store(cache, gen, 'all', batch(0, 1), true);
    expect(cache.stats().entries).toBe(5001);
    expect(lookup(cache, 'all', ['0'])).toEqual([record(0)]);
  });

  it('serves the record last stored or nothing, whatever order stores, changes and trims come in', async () => {
    // Small records (~300 bytes, or ~50 compressed) in a cache of 64 KiB: it compresses and drops
    // all the time, with cursors held across stores in three contexts.
    const command = fc.oneof(
      fc.record({
        store: fc.constantFrom('a', 'b', 'c'),
        artNrs: fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 60 }),
      }),
      fc.record({ change: fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 20 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 60 }), async (commands) => {
        // A millisecond per command: the oldest entry of all contexts is then not always the first context's.
        jest.useFakeTimers({ now: new Date('2026-01-05T08:00:00Z') });
        const cache = cacheWith(3600, 1 / 16);
        let stamped = 0;
        let gen = await cache.sync(stamp('0', '2026-01-01T10:00:00Z'), nothingChanged);
        const latest = new Map<string, string>();
        let version = 0;
        const record = (ctx: string, artNr: number) =>
          JSON.stringify({ ArtNr: String(artNr), ctx, version: ++version, ArtBez: 'Bohrer '.repeat(40) });
        for (const c of commands) {
          if ('store' in c) {
            const records = [...new Set(c.artNrs)].map((n) => ({
              artNr: String(n),
              json: record(c.store, n),
            }));
            store(cache, gen, c.store, records, true);
            jest.advanceTimersByTime(1);
            for (const r of records) latest.set(`${c.store}/${r.artNr}`, r.json);
          } else {
            const changed = c.change.map(String);
            stamped++;
            gen = await cache.sync(stamp(String(stamped), '2026-01-01T10:00:00Z'), async () => changed);
            for (const key of [...latest.keys()]) if (changed.includes(key.split('/')[1])) latest.delete(key);
          }
          expect(cache.stats().bytes).toBeLessThanOrEqual((1024 * 1024) / 16);
        }
        let held = 0;
        for (const ctx of ['a', 'b', 'c']) {
          const artNrs = Array.from({ length: 401 }, (_, n) => String(n));
          lookup(cache, ctx, artNrs).forEach((json, n) => {
            if (json === undefined) return;
            held++;
            expect(json).toBe(latest.get(`${ctx}/${n}`));
          });
        }
        expect(cache.stats().entries).toBe(held);
      }),
      { numRuns: 200 },
    );
  });

  it('serves a record stored again while the cache compresses as it was stored the second time', async () => {
    jest.useFakeTimers({ now: new Date('2026-01-05T08:00:00Z') });
    const cache = cacheWith(3600, 1 / 64);
    const gen = await cache.sync(stamp('a', null), nothingChanged);
    const json = (ctx: string, n: number, version: number) =>
      JSON.stringify({ ArtNr: String(n), ctx, version, ArtBez: 'Bohrer '.repeat(40) });
    const put = (ctx: string, n: number, version: number) => {
      store(cache, gen, ctx, [{ artNr: String(n), json: json(ctx, n, version) }], true);
      jest.advanceTimersByTime(1);
    };
    // 40 records of ~400 bytes fill the 16 KiB; the 41st makes the cache compress the oldest ones
    // (context a's), while context b's oldest waits to be compressed next ...
    for (let n = 0; n < 20; n++) put('a', n, 1);
    for (let n = 0; n < 20; n++) put('b', n, 1);
    put('a', 20, 1);
    // ... when it is stored again, and then comes up as the oldest of all.
    put('b', 0, 2);
    for (let n = 21; n < 120; n++) put('a', n, 1);
    expect(lookup(cache, 'b', ['0', '1'])).toEqual([json('b', 0, 2), json('b', 1, 1)]);
  });
});
