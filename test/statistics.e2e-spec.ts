import { DataSource } from 'typeorm';
import { erpDataSourceOptions } from '@app/erp-db';
import { cloneTemplate, mssqlTrust, testDbType } from './support/test-databases';

/**
 * A seeded database has planner statistics at once (the test template is made by the same
 * seedDemo as `npm run seed` and the demo start), so no page query depends on autovacuum.
 */
describe('planner statistics after seeding', () => {
  let db: Awaited<ReturnType<typeof cloneTemplate>>;
  let ds: DataSource;

  beforeAll(async () => {
    db = await cloneTemplate();
    ds = await new DataSource(
      erpDataSourceOptions({ type: testDbType(), path: db.path, url: db.url, poolSize: 1, ...mssqlTrust() }),
    ).initialize();
  });

  afterAll(async () => {
    await ds.destroy();
    await db.dispose();
  });

  it('has statistics for the article, price and stock tables', async () => {
    const tables = ['Artikel', 'Preis', 'Lagerbestand'];
    const rows: { table: string }[] =
      testDbType() === 'postgres'
        ? await ds.query(
            'SELECT DISTINCT tablename AS "table" FROM pg_stats WHERE schemaname = current_schema() AND tablename = ANY($1)',
            [tables],
          )
        : await ds.query(
            `SELECT DISTINCT tbl AS "table" FROM sqlite_stat1 WHERE tbl IN (${tables.map(() => '?').join(', ')})`,
            tables,
          );
    expect(rows.map((r) => r.table).sort()).toEqual([...tables].sort());
  });
});
