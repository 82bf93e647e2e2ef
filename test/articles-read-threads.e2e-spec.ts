import request from 'supertest';
import { ArticleEntity } from '@app/erp-db';
import {
  ArticleCatalogue,
  ArticleFilter,
  ArticleOrdering,
  ArticleSort,
} from '../src/articles/ports/article-catalogue';
import { DataSourceReader, BulkReader } from '../src/database/bulk-reader';
import { PostgresReader } from '../src/database/postgres-reader';
import { SqliteReadPool } from '../src/database/sqlite-read-pool';
import { bytes, createTestApp, TestApp } from './support/test-app';
import { testDbType } from './support/test-databases';

// Lists read by worker threads (SQLite file) must be the very bytes of lists read on the event loop.
// Two services, one after the other (passport's strategies are global to the process), on copies
// of the same demo database: one with two read threads, one with none.

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

describe('articles: SQLite read threads', () => {
  const answers = { threaded: new Map<string, Answer>(), single: new Map<string, Answer>() };
  let threadedReader: BulkReader;
  let singleReader: BulkReader;
  let parallelPages: Answer[];
  let wholeList: Answer;

  beforeAll(async () => {
    const threaded = await createTestApp({ SQLITE_READ_THREADS: '2', PUBLIC_BASE_URL: BASE });
    try {
      threadedReader = threaded.app.get(BulkReader);
      // Pages asked for at once are spread over both threads.
      parallelPages = await Promise.all(
        [0, 3, 6, 9, 12].map((o) => fetch(threaded, `/www/artikel?limit=3&offset=${o}&sorts=ArtNr`, 'admin')),
      );
      for (const url of URLS)
        for (const user of USERS) answers.threaded.set(`${user} ${url}`, await fetch(threaded, url, user));
    } finally {
      await threaded.close();
    }
    const single = await createTestApp({ SQLITE_READ_THREADS: '0', PUBLIC_BASE_URL: BASE });
    try {
      singleReader = single.app.get(BulkReader);
      wholeList = await fetch(single, '/www/artikel?limit=15&sorts=ArtNr&fields=ArtNr', 'admin');
      for (const url of URLS)
        for (const user of USERS) answers.single.set(`${user} ${url}`, await fetch(single, url, user));
    } finally {
      await single.close();
    }
  });

  it('reads on worker threads on a SQLite file (through the DataSource with 0 threads), through the DataSource pool on PostgreSQL', () => {
    if (testDbType() === 'sqlite') {
      expect(threadedReader).toBeInstanceOf(SqliteReadPool);
      expect(singleReader).toBeInstanceOf(DataSourceReader);
    } else {
      expect(threadedReader).toBeInstanceOf(PostgresReader);
      expect(singleReader).toBeInstanceOf(PostgresReader);
    }
  });

  it.each(URLS)('%s: the same status, type and bytes with and without read threads', (url) => {
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

/** Every detail of an article, and a list's entries in a comparable order. */
const ALL = { attributes: true, stock: true, packaging: true };
const sorted = <T>(list: T[]) => list.map((x) => JSON.stringify(x)).sort();

describe('articles: a part of an ordering holds the articles asked for that still pass its filter', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const FILTERS: ArticleFilter[] = [
    { language: 'ger', webshop: 'SHOP', activeOnly: true, modifiedSince: null },
    { language: 'fre', webshop: null, activeOnly: true, modifiedSince: null },
    { language: 'ger', webshop: 'OTHER', activeOnly: false, modifiedSince: null },
  ];
  const BY_NUMBER: ArticleSort[] = [{ column: 'ArtNr', descending: false }];
  const BY_DESCRIPTION: ArticleSort[] = [{ column: 'ArtBez', descending: false }];

  const ordering = async (filter: ArticleFilter, sorts: ArticleSort[]): Promise<ArticleOrdering> => ({
    filter,
    sorts,
    numbers: await t.app.get(ArticleCatalogue).orderedNumbers(filter, sorts),
  });

  it.each(FILTERS)(
    'parts of 7 hold each article asked for once, with its own details (%j)',
    async (filter) => {
      const list = await ordering(filter, BY_NUMBER);
      expect(list.numbers.length).toBeGreaterThan(6);
      let read = 0;
      for (let i = 0; i < list.numbers.length; i += 7) {
        const part = await t.app.get(ArticleCatalogue).articles(list, i, i + 7, ALL);
        const asked = list.numbers.slice(i, i + 7);
        expect(part.rows.map((r) => r.ArtNr).sort()).toEqual([...asked].sort());
        for (const detail of [...part.attributes, ...part.stock, ...part.packaging])
          expect(asked).toContain(detail.ArtNr);
        read += part.rows.length;
      }
      expect(read).toBe(list.numbers.length);
    },
  );

  it('parts of 5 of the default order (read as ranges of the description index) hold what a look-up by number gives', async () => {
    const list = await ordering(FILTERS[0], BY_DESCRIPTION);
    const catalogue = t.app.get(ArticleCatalogue);
    expect(list.numbers.length).toBeGreaterThan(6);
    for (let i = 0; i < list.numbers.length; i += 5) {
      const asked = list.numbers.slice(i, i + 5);
      const part = await catalogue.articles(list, i, i + 5, ALL);
      // A list of its own, far shorter than the catalogue: looked up by number.
      const byNumber = await catalogue.articles({ ...list, numbers: asked }, 0, asked.length, ALL);
      expect(part.rows.map((r) => r.ArtNr).sort()).toEqual([...asked].sort());
      for (const kind of ['rows', 'attributes', 'stock', 'packaging'] as const)
        expect(sorted(part[kind] as object[])).toEqual(sorted(byNumber[kind] as object[]));
    }
  });

  it('an article whose description moved it elsewhere since the ordering was cut is still read, a deactivated one is not', async () => {
    const list = await ordering(FILTERS[0], BY_DESCRIPTION);
    const [moved, gone] = list.numbers.slice(2, 4);
    await t.dataSource
      .getRepository(ArticleEntity)
      .update({ ArtNr: moved }, { ArtBez: 'zzz Ende des Katalogs' });
    await t.dataSource.getRepository(ArticleEntity).update({ ArtNr: gone }, { ArtikelStatus: 0 });
    const part = await t.app.get(ArticleCatalogue).articles(list, 0, 5, ALL);
    const read = part.rows.map((r) => r.ArtNr);
    expect(read).toContain(moved);
    expect(read).not.toContain(gone);
    expect(read).toHaveLength(4);
  });
});
