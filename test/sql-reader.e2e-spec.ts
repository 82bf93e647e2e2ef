import { AttributeEntity, PriceEntity } from '@app/erp-db';
import { detailsSql } from '../src/articles/adapters/article-detail-sql';
import { PRICES_SQL } from '../src/pricing/adapters/price-sql';
import { DataSourceReader, ReadStatement, SqlReader } from '../src/database/sql-reader';
import { PostgresReadPool } from '../src/database/postgres-read-pool';
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
        sql: detailsSql({ attributes: true, stock: true, packaging: true }, false, true) as string,
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
    expect(t.app.get(SqlReader)).toBeInstanceOf(
      testDbType() === 'sqlite' ? SqliteReadPool : PostgresReadPool,
    );
  });

  it('texts with quotes, control and non-BMP characters, exact decimals, timestamps, counts and nulls', async () => {
    const expected = await new DataSourceReader(t.dataSource).read(statements);
    // The test data is there: the odd attribute, the big price, the empty result of NONE.
    expect(JSON.stringify(expected)).toContain('back\\tslash');
    expect(JSON.stringify(expected)).toContain('6789');
    const reader = t.app.get(SqlReader);
    for (let run = 0; run < 3; run++) {
      const rows = await reader.read(statements);
      expect(rows.map(sorted)).toEqual(expected.map(sorted));
      // Timestamps stay Dates (not their text), the ordered statement keeps its order.
      expect(rows[0].some((r) => r[6] instanceof Date)).toBe(testDbType() === 'postgres');
      expect(rows[3]).toEqual(expected[3]);
    }
  });
});
