import request from 'supertest';
import { SqliteWorkerRecordRenderer } from '../src/articles/adapters/sqlite-workers/sqlite-worker-record-renderer';
import { rangeable, rowsInRangeSql } from '../src/articles/adapters/typeorm/article-sql';
import { InProcessRecordRenderer } from '../src/articles/in-process-record-renderer';
import {
  ArticleCatalogue,
  ArticleFilter,
  ArticleKey,
  ArticleSort,
} from '../src/articles/ports/article-catalogue';
import { ArticleRecordRenderer } from '../src/articles/ports/article-record-renderer';
import { bytes, createTestApp, TestApp } from './support/test-app';
import { testDbType } from './support/test-databases';

// Records rendered by worker threads (SQLite file) must be the very bytes the event loop renders.
// Two services, one after the other (passport's strategies are global to the process), on copies
// of the same demo database: one with two render threads, one with none.

const BASE = 'https://shop.example/erp';
const USERS = ['demo', 'admin'] as const;

const URLS = [
  '/www/artikel',
  '/www/artikel?limit=0&debinr=10001',
  '/www/artikel?limit=0&adrsprache=fre&sorts=-ArtBez',
  '/www/artikel?limit=0&waehrabk=USD&fields=ArtNr,WaehrAbk,Preis,Verpackungen',
  '/www/artikel?limit=5&offset=2&fields=ArtNr,Preis,Bestand,Verpackungen,attributes&sorts=-ArtNr',
  '/www/artikel?limit=2000&sorts=%2BWUSTSatz,-ArtNr',
  '/www/artikel?limit=0&modifiedsince=2000-01-01T00:00:00Z&fields=ArtNr,ArtikelStatus,links',
  '/www/artikel/1000?debinr=10001',
];

interface Answer {
  status: number;
  type: string;
  body: Buffer;
}

async function fetch(t: TestApp, url: string, user: (typeof USERS)[number]): Promise<Answer> {
  const res = await request(t.server)
    .get(url)
    .set('Authorization', `Bearer ${await t.token(user)}`)
    .buffer(true)
    .parse(bytes);
  return { status: res.status, type: String(res.headers['content-type']), body: res.body as Buffer };
}

const numbers = (a: Answer) =>
  (JSON.parse(a.body.toString('latin1')) as { data: { ArtNr: string }[] }).data.map((r) => r.ArtNr);

describe('articles: render worker threads', () => {
  const answers = { threaded: new Map<string, Answer>(), single: new Map<string, Answer>() };
  let threadedRenderer: ArticleRecordRenderer;
  let singleRenderer: ArticleRecordRenderer;
  let parallelPages: Answer[];
  let wholeList: Answer;

  beforeAll(async () => {
    const threaded = await createTestApp({ ARTICLE_RENDER_THREADS: '2', PUBLIC_BASE_URL: BASE });
    try {
      threadedRenderer = threaded.app.get(ArticleRecordRenderer);
      // Pages asked for at once are spread over both threads.
      parallelPages = await Promise.all(
        [0, 3, 6, 9, 12].map((o) => fetch(threaded, `/www/artikel?limit=3&offset=${o}&sorts=ArtNr`, 'admin')),
      );
      for (const url of URLS)
        for (const user of USERS) answers.threaded.set(`${user} ${url}`, await fetch(threaded, url, user));
    } finally {
      await threaded.close();
    }
    const single = await createTestApp({ ARTICLE_RENDER_THREADS: '0', PUBLIC_BASE_URL: BASE });
    try {
      singleRenderer = single.app.get(ArticleRecordRenderer);
      wholeList = await fetch(single, '/www/artikel?limit=15&sorts=ArtNr&fields=ArtNr', 'admin');
      for (const url of URLS)
        for (const user of USERS) answers.single.set(`${user} ${url}`, await fetch(single, url, user));
    } finally {
      await single.close();
    }
  });

  it('renders on worker threads on a SQLite file, on the event loop on a database server or with 0 threads', () => {
    if (testDbType() === 'sqlite') {
      expect(threadedRenderer).toBeInstanceOf(SqliteWorkerRecordRenderer);
      expect(threadedRenderer.parallelism).toBe(4);
    } else expect(threadedRenderer).toBeInstanceOf(InProcessRecordRenderer);
    expect(singleRenderer).toBeInstanceOf(InProcessRecordRenderer);
  });

  it.each(URLS)('%s: the same status, type and bytes with and without render threads', (url) => {
    for (const user of USERS) {
      const a = answers.threaded.get(`${user} ${url}`) as Answer;
      const b = answers.single.get(`${user} ${url}`) as Answer;
      expect(a.status).toBe(200);
      expect(a.type).toBe(b.type);
      expect(a.body.length).toBeGreaterThan(100);
      expect(a.body.toString('latin1')).toBe(b.body.toString('latin1'));
    }
  });

  it('pages asked for at the same time come back complete and in order', () => {
    for (const p of parallelPages) expect(p.status).toBe(200);
    expect(parallelPages.flatMap(numbers)).toEqual(numbers(wholeList));
  });
});

describe('articles: whole-list ranges', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ARTICLE_RENDER_THREADS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  const query = async (q: { sql: string; params: Record<string, unknown> }) => {
    const [sql, values] = t.dataSource.driver.escapeQueryWithParameters(q.sql, q.params, {});
    return (await t.dataSource.query(sql, values)) as Record<string, unknown>[];
  };

  const FILTERS: ArticleFilter[] = [
    { language: 'ger', webshop: 'SHOP', activeOnly: true, modifiedSince: null },
    { language: 'fre', webshop: null, activeOnly: true, modifiedSince: null },
    { language: 'ger', webshop: null, activeOnly: false, modifiedSince: new Date('2000-01-01T00:00:00Z') },
  ];
  const SORTS: ArticleSort[][] = [
    [{ column: 'ArtBez', descending: false }],
    [{ column: 'ArtNr', descending: false }],
    [
      { column: 'WUSTSatz', descending: false },
      { column: 'Farbe', descending: false },
    ],
  ];

  it.each(FILTERS.flatMap((f) => SORTS.map((s) => [f, s] as const)))(
    'runs of 3 read as ranges give the list exactly once, in its order (%j %j)',
    async (filter, sorts) => {
      const catalogue = t.app.get(ArticleCatalogue);
      const whole: string[] = [];
      for await (const rows of catalogue.orderedRows(filter, sorts, 0, null))
        whole.push(...rows.map((r) => r.ArtNr));
      expect(whole.length).toBeGreaterThan(6);
      const keyed: ArticleKey[] = [];
      for await (const batch of catalogue.orderedKeys(filter, sorts, 0, null)) keyed.push(...batch);
      expect(keyed.map((k) => k.artNr)).toEqual(whole);
      const ranged: string[] = [];
      for (let i = 0; i < keyed.length; i += 3) {
        const run = keyed.slice(i, i + 3);
        const range = rowsInRangeSql(
          filter,
          sorts,
          run[0].keys,
          run[run.length - 1].keys,
          run.map((k) => k.artNr),
        );
        ranged.push(...(await query(range)).map((r) => r.ArtNr as string));
      }
      expect(ranged).toEqual(whole);
    },
  );

  it('a window of the keys: offset and limit as in the rows', async () => {
    const catalogue = t.app.get(ArticleCatalogue);
    const filter = FILTERS[0];
    const rows: string[] = [];
    for await (const batch of catalogue.orderedRows(filter, SORTS[0], 2, 4))
      rows.push(...batch.map((r) => r.ArtNr));
    const keys: string[] = [];
    for await (const batch of catalogue.orderedKeys(filter, SORTS[0], 2, 4))
      keys.push(...batch.map((k) => k.artNr));
    expect(rows).toHaveLength(4);
    expect(keys).toEqual(rows);
  });

  it('descending orders are not cut into ranges', () => {
    expect(rangeable([{ column: 'ArtBez', descending: false }], 'ger')).toBe(true);
    expect(rangeable([{ column: 'ArtBez', descending: true }], 'ger')).toBe(false);
    expect(rangeable([{ column: 'ArtNr', descending: true }], 'ger')).toBe(false);
  });
});
