import { AttributeEntity, PriceEntity } from '@app/erp-db';
import { detailsSql } from '../src/articles/adapters/typeorm/article-detail-sql';
import { orderedNumbersSql } from '../src/articles/adapters/typeorm/article-sql';
import { ArticleFilter, ArticleSort } from '../src/articles/ports/article-catalogue';
import { PRICES_SQL } from '../src/pricing/adapters/price-sql';
import { DataSourceReader, ReadStatement, BulkReader } from '../src/database/bulk-reader';
import { PostgresReader } from '../src/database/postgres-reader';
import { SqliteReadPool } from '../src/database/sqlite-read-pool';
import { createTestApp, TestApp } from './support/test-app';
import { testDbType } from './support/test-databases';

// The article list's reader (read threads on a SQLite file, which hand rows over as one JSON text
// where they can; a pool of its own on PostgreSQL, with its own timestamp parser and prepared
// statements) must give the DataSource's rows, value for value, on every run of a statement.

/** Rows in a comparable order (the statements have no ORDER BY). */
const sorted = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();

describe('the article reader gives the rows the DataSource reads, on every run of a statement', () => {
  let t: TestApp;
  let statements: ReadStatement[];

  beforeAll(async () => {
    t = await createTestApp();
    const attributes = t.dataSource.getRepository(AttributeEntity);
    await attributes.insert([
      {
        ObjTyp: 'ART',
        ObjKey: '1000',
        PHKey: 'NOTIZ',
        Contents: 'Ä "quoted" \\ back\tslash\nline\u0001 € 😀',
      },
      { ObjTyp: 'ART', ObjKey: '1000', PHKey: 'LEER', Contents: null },
      { ObjTyp: 'ART', ObjKey: '1001', PHKey: 'RESTWEBSHOP', Contents: ' shop , Other ' },
    ]);
    await t.dataSource.getRepository(PriceEntity).insert({
      PreisListNr: 1,
      ArtNr: '1000',
      VPEinheit: 'TST',
      AbAnzahl: '0.0001',
      BisAnzahl: null,
      PreisList: '123456789012345.6789',
      GeaendertAm: new Date('2026-11-26T18:41:15.123Z'),
    });
    const artNrs = ['1000', '1001', '1002', '1005', 'NONE'];
    statements = [
      { sql: PRICES_SQL, params: { listNrs: [1, 2, 3, 5], artNrs } },
      {
        sql: detailsSql({ attributes: true, stock: true, packaging: true }, true) as string,
        params: { artNrs, webshopKey: 'RESTWEBSHOP', webshopPattern: '%,SHOP,%' },
      },
      { sql: 'SELECT COUNT(*) AS "n", MAX("GeaendertAm") AS "latest" FROM "Preis"', params: {} },
      {
        sql: 'SELECT "ArtNr" FROM "Preis" WHERE "ArtNr" IN (:...artNrs) ORDER BY "ArtNr"',
        params: { artNrs },
      },
    ];
  });
  afterAll(async () => {
    await t.close();
  });

  it('is the reader of this database', () => {
    expect(t.app.get(BulkReader)).toBeInstanceOf(testDbType() === 'sqlite' ? SqliteReadPool : PostgresReader);
  });

  it('texts with quotes, control and non-BMP characters, exact decimals, timestamps, counts and nulls', async () => {
    const expected = await new DataSourceReader(t.dataSource).read(statements);
    // The test data is there: the odd attribute, the big price, the empty result of NONE.
    expect(JSON.stringify(expected)).toContain('back\\tslash');
    expect(JSON.stringify(expected)).toContain('6789');
    const reader = t.app.get(BulkReader);
    for (let run = 0; run < 3; run++) {
      const rows = await reader.read(statements);
      expect(rows.map(sorted)).toEqual(expected.map(sorted));
      // Timestamps stay Dates (not their text), the ordered statement keeps its order.
      expect(rows[0].some((r) => r[6] instanceof Date)).toBe(testDbType() === 'postgres');
      expect(rows[3]).toEqual(expected[3]);
    }
  });
});

describe("a whole list's web-shop test: the set of released articles selects what the per-article test does", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await t.dataSource.getRepository(AttributeEntity).insert([
      // A second release, blanks and case inside the name, one without contents, wildcards.
      { ObjTyp: 'ART', ObjKey: '1000', PHKey: 'RESTWEBSHOP', Contents: 'Extra, s H o p ' },
      { ObjTyp: 'ART', ObjKey: '1001', PHKey: 'RESTWEBSHOP', Contents: null },
      { ObjTyp: 'ART', ObjKey: '1002', PHKey: 'RESTWEBSHOP', Contents: '50%,A_B' },
      { ObjTyp: 'ART', ObjKey: '1003', PHKey: 'RESTWEBSHOP', Contents: '50X,AXB' },
      // Not an article's attribute, and not the web-shop key.
      { ObjTyp: 'DEBI', ObjKey: '1004', PHKey: 'RESTWEBSHOP', Contents: '50%' },
      { ObjTyp: 'ART', ObjKey: '1005', PHKey: 'NOTIZ', Contents: '50%' },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * The list's numbers with the web shop looked up per article, as delta lists do: a delta since
   * 1970 holds every article.
   */
  function perArticle(filter: ArticleFilter, sorts: ArticleSort[]): ReadStatement {
    return orderedNumbersSql({ ...filter, modifiedSince: new Date(0) }, 'RESTWEBSHOP', sorts);
  }

  it('for every web shop, order, language and status filter', async () => {
    const reader = t.app.get(BulkReader);
    const direct = new DataSourceReader(t.dataSource);
    const orders: ArticleSort[][] = [
      [],
      [{ column: 'ArtBez', descending: false }],
      [{ column: 'ArtNr', descending: true }],
      [{ column: 'WUSTSatz', descending: false }],
    ];
    const lists: Record<string, string[]> = {};
    for (const webshop of ['SHOP', 'shop', '50%', 'A_B', 'EXTRA', 'NONE'])
      for (const sorts of orders)
        for (const language of ['ger', 'fre'])
          for (const activeOnly of [true, false]) {
            const filter: ArticleFilter = { language, webshop, activeOnly, modifiedSince: null };
            const expected = (await direct.keys(perArticle(filter, sorts))).slice(0);
            const keys = (await reader.keys(orderedNumbersSql(filter, 'RESTWEBSHOP', sorts))).slice(0);
            expect({ webshop, sorts, language, activeOnly, keys }).toEqual({
              webshop,
              sorts,
              language,
              activeOnly,
              keys: expected,
            });
            lists[webshop] = keys;
          }
    // The data says what it should: % and _ are literal, blanks and case do not count.
    expect(lists['50%']).toEqual(['1002']);
    expect(lists['A_B']).toEqual(['1002']);
    expect(lists.EXTRA).toEqual(['1000']);
    expect(lists.shop).toEqual(lists.SHOP);
    expect(lists.SHOP).toContain('1000');
    expect(lists.NONE).toEqual([]);
  });
});
