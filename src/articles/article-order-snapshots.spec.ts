import { Logger } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { KeyList } from '../database/bulk-reader';
import { ArticleOrderSnapshots } from './article-order-snapshots';
import { ApiError } from '../common/errors/api-error';
import { ArticleCatalogue, ArticleFilter, ArticleSort } from './ports/article-catalogue';

const filter: ArticleFilter = { language: 'ger', webshop: 'SHOP', activeOnly: true, modifiedSince: null };
const sorts = [{ column: 'ArtBez' as const, descending: false }];

/** Sort orders other than the default one: each column ascending and descending. */
const OTHER_SORTS: ArticleSort[][] = (
  [
    'ArtNr',
    'AnLager',
    'Einheit',
    'Farbe',
    'WUSTSatz',
    'GeaendertAm',
    'ArtGruppe',
    'HatVPE',
    'ArtKlasse',
  ] as const
).flatMap((column) => [[{ column, descending: false }], [{ column, descending: true }]]);

/** The status an ordering request is refused with, and its Retry-After; [0, ''] when it is served. */
async function refusal(promise: Promise<unknown>): Promise<[number, string]> {
  try {
    await promise;
    return [0, ''];
  } catch (error) {
    const e = error as ApiError;
    return [e.status, e.headers?.['Retry-After'] ?? ''];
  }
}

function setup(seconds: number, perMinute = 0) {
  let version = 0;
  const releases: (() => void)[] = [];
  let hold = false;
  const builds: number[] = [];
  const catalogue = {
    async orderedNumbers() {
      const v = ++version;
      builds.push(v);
      if (hold) await new Promise<void>((r) => releases.push(r));
      return KeyList.of([`A${v}`, `B${v}`, `C${v}`]);
    },
    total: async () => 3,
    usersWebshops: async () => ['SHOP', ' SHOP ', null, 'OTHER'],
    referenceData: async () => ({ articlesStamp: 'stamp 1' }),
  } as unknown as ArticleCatalogue;
  const snapshots = new ArticleOrderSnapshots(catalogue, {
    articleSnapshotSeconds: seconds,
    articleOrderingsPerMinute: perMinute,
  } as AppConfig);
  return {
    snapshots,
    builds,
    holdNext: () => (hold = true),
    finish: () => {
      hold = false;
      for (const release of releases.splice(0)) release();
    },
  };
}

describe('ArticleOrderSnapshots', () => {
  let now = 1_000_000;
  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());

  it('reuses one ordering within the configured seconds; concurrent first requests share one build', async () => {
    const s = setup(10);
    const [a, b] = await Promise.all([
      s.snapshots.ordering(filter, sorts),
      s.snapshots.ordering(filter, sorts),
    ]);
    expect(a.numbers.slice(0)).toEqual(['A1', 'B1', 'C1']);
    expect(b).toBe(a);
    now += 9_999;
    expect(await s.snapshots.ordering(filter, sorts)).toBe(a);
    expect(s.builds).toEqual([1]);
  });

  it('serves a stale ordering while it is rebuilt, then the new one', async () => {
    const s = setup(10);
    (await s.snapshots.ordering(filter, sorts)).numbers.slice(0);
    now += 15_000;
    s.holdNext();
    expect((await s.snapshots.ordering(filter, sorts)).numbers.slice(0)).toEqual(['A1', 'B1', 'C1']);
    now += 9_000;
    // Past twice the age (24 s), but a rebuild is running: still no waiting.
    expect((await s.snapshots.ordering(filter, sorts)).numbers.slice(0)).toEqual(['A1', 'B1', 'C1']);
    s.finish();
    await new Promise((r) => setImmediate(r));
    expect((await s.snapshots.ordering(filter, sorts)).numbers.slice(0)).toEqual(['A2', 'B2', 'C2']);
    expect(s.builds).toEqual([1, 2]);
  });

  it('an old ordering of an idle service is rebuilt before answering', async () => {
    const s = setup(10);
    (await s.snapshots.ordering(filter, sorts)).numbers.slice(0);
    now += 25_000;
    expect((await s.snapshots.ordering(filter, sorts)).numbers.slice(0)).toEqual(['A2', 'B2', 'C2']);
  });

  it('0 seconds, delta requests and other filters are computed afresh / apart', async () => {
    const s = setup(0);
    (await s.snapshots.ordering(filter, sorts)).numbers.slice(0);
    expect((await s.snapshots.ordering(filter, sorts)).numbers.slice(0)).toEqual(['A2', 'B2', 'C2']);
    const t = setup(10);
    await t.snapshots.ordering(filter, sorts);
    await t.snapshots.ordering({ ...filter, modifiedSince: new Date() }, sorts);
    await t.snapshots.ordering({ ...filter, language: 'fre' }, sorts);
    await t.snapshots.ordering(filter, [{ column: 'ArtNr', descending: true }]);
    await t.snapshots.ordering(filter, sorts);
    expect(t.builds).toEqual([1, 2, 3, 4]);
  });

  it('a stream gets the snapshot while it is current, else waits for a new one that pages then share', async () => {
    const s = setup(10);
    const first = await s.snapshots.ordering(filter, sorts, 'stamp 1');
    now += 9_999;
    expect(await s.snapshots.current(filter, sorts, 'stamp 1')).toBe(first);
    // Moved stamp: a page is still served the old ordering, a stream waits for the new one.
    expect((await s.snapshots.ordering(filter, sorts, 'stamp 2')).numbers.slice(0)).toEqual([
      'A1',
      'B1',
      'C1',
    ]);
    expect((await s.snapshots.current(filter, sorts, 'stamp 2')).numbers.slice(0)).toEqual([
      'A2',
      'B2',
      'C2',
    ]);
    // Stale by age: the same, and the stream's ordering is the pages' from then on.
    now += 10_000;
    const streamed = await s.snapshots.current(filter, sorts, 'stamp 2');
    expect(streamed.numbers.slice(0)).toEqual(['A3', 'B3', 'C3']);
    expect(await s.snapshots.ordering(filter, sorts, 'stamp 2')).toBe(streamed);
    expect(s.builds).toEqual([1, 2, 3]);
  });

  it('a stream of a delta request or with 0 seconds gets an ordering of its own', async () => {
    const s = setup(10);
    await s.snapshots.ordering(filter, sorts, 'stamp 1');
    await s.snapshots.current({ ...filter, modifiedSince: new Date() }, sorts, 'stamp 1');
    const t = setup(0);
    await t.snapshots.current(filter, sorts, 'stamp 1');
    await t.snapshots.current(filter, sorts, 'stamp 1');
    expect([s.builds, t.builds]).toEqual([
      [1, 2],
      [1, 2],
    ]);
  });

  it('builds the default ordering of each web shop of the users at start, and none with 0 seconds', async () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const s = setup(10);
    await s.snapshots.onApplicationBootstrap();
    expect(s.builds).toEqual([1, 2, 3]);
    expect(log).toHaveBeenCalledWith(
      expect.stringMatching(/^article orderings of 3 web shop\(s\) built in \d+ ms$/),
    );
    log.mockRestore();
    expect(await s.snapshots.ordering({ ...filter, webshop: 'OTHER' }, sorts, 'stamp 1')).toMatchObject({
      numbers: KeyList.of(['A3', 'B3', 'C3']),
    });
    const t = setup(0);
    await t.snapshots.onApplicationBootstrap();
    expect(t.builds).toEqual([]);
  });

  it('a start whose database cannot list the users (away, or not migrated) warns and goes on', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const s = setup(10);
    const catalogue = (s.snapshots as unknown as { catalogue: ArticleCatalogue }).catalogue;
    catalogue.usersWebshops = () => Promise.reject(new Error('relation "rest_user" does not exist'));
    await expect(s.snapshots.onApplicationBootstrap()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      'article orderings not built ahead: relation "rest_user" does not exist',
    );
    expect(s.builds).toEqual([]);
    warn.mockRestore();
    // The first request builds what the start could not.
    expect(await s.snapshots.ordering(filter, sorts, 'stamp 1')).toMatchObject({
      numbers: KeyList.of(['A1', 'B1', 'C1']),
    });
  });

  it('no number of other sort orders evicts the default ordering of a language', async () => {
    const s = setup(60);
    const standard = await s.snapshots.ordering(filter, sorts, 'stamp 1', 1);
    const french = await s.snapshots.ordering({ ...filter, language: 'fre' }, sorts, 'stamp 1', 1);
    for (const other of OTHER_SORTS) await s.snapshots.ordering(filter, other, 'stamp 1', 2);
    expect(await s.snapshots.ordering(filter, sorts, 'stamp 1', 1)).toBe(standard);
    expect(await s.snapshots.ordering({ ...filter, language: 'fre' }, sorts, 'stamp 1', 1)).toBe(french);
    expect(s.builds).toHaveLength(2 + OTHER_SORTS.length);
  });

  it('an ordering two users read outlasts those one user asked for', async () => {
    const s = setup(60);
    const [shared, ...rest] = OTHER_SORTS;
    const first = await s.snapshots.ordering(filter, shared, 'stamp 1', 1);
    expect(await s.snapshots.ordering(filter, shared, 'stamp 1', 2)).toBe(first);
    for (const other of rest) await s.snapshots.ordering(filter, other, 'stamp 1', 3);
    expect(await s.snapshots.ordering(filter, shared, 'stamp 1', 1)).toBe(first);
    // The oldest of user 3's went instead.
    await s.snapshots.ordering(filter, rest[0], 'stamp 1', 3);
    expect(s.builds).toHaveLength(1 + rest.length + 1);
  });

  it('new orderings other than default ones are built one at a time', async () => {
    const s = setup(60);
    s.holdNext();
    const first = s.snapshots.ordering(filter, OTHER_SORTS[0], 'stamp 1', 1);
    const second = s.snapshots.ordering(filter, OTHER_SORTS[1], 'stamp 1', 2);
    const standard = s.snapshots.ordering({ ...filter, language: 'fre' }, sorts, 'stamp 1', 2);
    await new Promise((r) => setImmediate(r));
    // The default one does not wait (it started first); the second other one waits for the first.
    expect(s.builds).toEqual([1, 2]);
    s.finish();
    expect((await standard).numbers.slice(0)).toEqual(['A1', 'B1', 'C1']);
    expect((await first).numbers.slice(0)).toEqual(['A2', 'B2', 'C2']);
    expect((await second).numbers.slice(0)).toEqual(['A3', 'B3', 'C3']);
  });

  it('a new ordering is kept even when every other one is shared', async () => {
    const s = setup(60);
    for (const other of OTHER_SORTS.slice(0, 16)) {
      await s.snapshots.ordering(filter, other, 'stamp 1', 1);
      await s.snapshots.ordering(filter, other, 'stamp 1', 2);
    }
    const rare = await s.snapshots.ordering(filter, OTHER_SORTS[16], 'stamp 1', 3);
    expect(await s.snapshots.ordering(filter, OTHER_SORTS[16], 'stamp 1', 3)).toBe(rare);
    // The least recently used shared one made room; the others stay.
    await s.snapshots.ordering(filter, OTHER_SORTS[1], 'stamp 1', 1);
    expect(s.builds).toHaveLength(17);
    await s.snapshots.ordering(filter, OTHER_SORTS[0], 'stamp 1', 1);
    expect(s.builds).toHaveLength(18);
  });

  it('a user builds at most ARTICLE_ORDERINGS_PER_MINUTE new orderings a minute, then 429 with Retry-After', async () => {
    const s = setup(60, 3);
    for (const other of OTHER_SORTS.slice(0, 3)) await s.snapshots.ordering(filter, other, 'stamp 1', 1);
    now += 20_000;
    expect(await refusal(s.snapshots.ordering(filter, OTHER_SORTS[3], 'stamp 1', 1))).toEqual([429, '40']);
    expect(await refusal(s.snapshots.current(filter, OTHER_SORTS[3], 'stamp 1', 1))).toEqual([429, '40']);
    expect(s.builds).toHaveLength(3);
    // Kept orderings, the default ones of every language and other users' budgets are not touched.
    expect(await refusal(s.snapshots.ordering(filter, OTHER_SORTS[0], 'stamp 1', 1))).toEqual([0, '']);
    expect(await refusal(s.snapshots.ordering({ ...filter, language: 'fre' }, sorts, 'stamp 1', 1))).toEqual([
      0,
      '',
    ]);
    expect(await refusal(s.snapshots.ordering(filter, OTHER_SORTS[3], 'stamp 1', 2))).toEqual([0, '']);
    // A stale ordering is rebuilt without counting.
    now += 45_000;
    s.holdNext();
    await s.snapshots.ordering(filter, OTHER_SORTS[1], 'stamp 2', 1);
    s.finish();
    // A minute after the first build the budget is back.
    expect(await refusal(s.snapshots.ordering(filter, OTHER_SORTS[4], 'stamp 2', 1))).toEqual([0, '']);
    expect(await refusal(s.snapshots.ordering(filter, OTHER_SORTS[5], 'stamp 2', 1))).toEqual([0, '']);
    expect(await refusal(s.snapshots.ordering(filter, OTHER_SORTS[6], 'stamp 2', 1))).toEqual([0, '']);
    expect(await refusal(s.snapshots.ordering(filter, OTHER_SORTS[7], 'stamp 2', 1))).toEqual([429, '60']);
  });
});
