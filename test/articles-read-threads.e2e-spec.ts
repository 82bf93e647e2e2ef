import request from 'supertest';
import { ArticleEntity } from '@app/erp-db';
import {
  ArticleCatalogue,
  ArticleFilter,
  ArticleOrdering,
  ArticleSort,
} from '../src/articles/ports/article-catalogue';
import { DataSourceReader, SqlReader } from '../src/database/sql-reader';
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
  let threadedReader: SqlReader;
  let singleReader: SqlReader;
  let parallelPages: Answer[];
  let wholeList: Answer;

  beforeAll(async () => {
    const threaded = await createTestApp({ SQLITE_READ_THREADS: '2', PUBLIC_BASE_URL: BASE });
    try {
      threadedReader = threaded.app.get(SqlReader);
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
      singleReader = single.app.get(SqlReader);
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

describe('articles: pages read as ranges of article numbers', () => {
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

  it.each(FILTERS)(
    'parts of 7 of a list read as ranges give what they give read by number, nothing else (%j)',
    async (filter) => {
      const catalogue = t.app.get(ArticleCatalogue);
      const ordering = {
        filter,
        sorts: BY_NUMBER,
        numbers: await catalogue.orderedNumbers(filter, BY_NUMBER),
      };
      expect(ordering.numbers.length).toBeGreaterThan(6);
      let read = 0;
      for (let i = 0; i < ordering.numbers.length; i += 7) {
        const part = await catalogue.articles(ordering, i, i + 7, ALL);
        const asked = ordering.numbers.slice(i, i + 7);
        expect(part.rows.map((r) => r.ArtNr).sort()).toEqual([...asked].sort());
        expectSameAsByNumber(part, await byNumber(catalogue, ordering, asked));
        read += part.rows.length;
      }
      expect(read).toBe(ordering.numbers.length);
    },
  );
});

/** The same articles of a list read as a list of their own (too short to be read as a range). */
function byNumber(catalogue: ArticleCatalogue, ordering: ArticleOrdering, artNrs: string[]) {
  return catalogue.articles({ ...ordering, numbers: artNrs }, 0, artNrs.length, ALL);
}

function expectSameAsByNumber(
  ranged: Awaited<ReturnType<ArticleCatalogue['articles']>>,
  keyed: Awaited<ReturnType<ArticleCatalogue['articles']>>,
): void {
  for (const part of ['rows', 'attributes', 'stock', 'packaging'] as const)
    expect(sorted(ranged[part] as object[])).toEqual(sorted(keyed[part] as object[]));
}

describe('articles: pages of the default order hold what a look-up by number gives', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const BY_DESCRIPTION: ArticleSort[] = [{ column: 'ArtBez', descending: false }];
  const FILTER: ArticleFilter = { language: 'ger', webshop: 'SHOP', activeOnly: true, modifiedSince: null };

  async function sameAsByNumber(ordering: ArticleOrdering, from: number, to: number): Promise<string[]> {
    const catalogue = t.app.get(ArticleCatalogue);
    const ranged = await catalogue.articles(ordering, from, to, ALL);
    expectSameAsByNumber(ranged, await byNumber(catalogue, ordering, ordering.numbers.slice(from, to)));
    return ranged.rows.map((r) => r.ArtNr).sort();
  }

  const ordering = async (): Promise<ArticleOrdering> => ({
    filter: FILTER,
    sorts: BY_DESCRIPTION,
    numbers: await t.app.get(ArticleCatalogue).orderedNumbers(FILTER, BY_DESCRIPTION),
  });

  it('parts of 5 give what they give read by number, nothing else', async () => {
    const list = await ordering();
    expect(list.numbers.length).toBeGreaterThan(6);
    for (let i = 0; i < list.numbers.length; i += 5)
      expect(await sameAsByNumber(list, i, i + 5)).toEqual(list.numbers.slice(i, i + 5).sort());
  });

  it('an article whose description moved it elsewhere in the order since the ordering was cut is still read', async () => {
    const list = await ordering();
    const run = list.numbers.slice(0, 5);
    const [moved, gone] = [run[2], run[3]];
    await t.dataSource
      .getRepository(ArticleEntity)
      .update({ ArtNr: moved }, { ArtBez: 'zzz Ende des Katalogs' });
    await t.dataSource.getRepository(ArticleEntity).update({ ArtNr: gone }, { ArtikelStatus: 0 });
    const read = await sameAsByNumber(list, 0, 5);
    expect(read).toContain(moved);
    expect(read).not.toContain(gone);
    expect(read).toHaveLength(4);
  });
});
