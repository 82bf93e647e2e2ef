import { sqliteDriver } from '@app/erp-db/sqlite-driver';
import { erpDataSourceOptions } from '@app/erp-db';
import { DataSource, QueryFailedError } from 'typeorm';
import { queryPrepared } from './prepared-statements';
import { installSqliteTransactionGate, readIfIdle } from './sqlite-transaction-gate';

describe('readIfIdle (SQLite reads outside the transaction gate)', () => {
  let ds: DataSource;

  beforeEach(async () => {
    ds = await new DataSource({
      type: 'better-sqlite3',
      driver: sqliteDriver(),
      database: ':memory:',
    }).initialize();
    installSqliteTransactionGate(ds);
    await ds.query('CREATE TABLE "T" ("id" integer PRIMARY KEY, "name" varchar)');
    await ds.query(`INSERT INTO "T" VALUES (1, 'Öse')`);
  });

  afterEach(() => ds.destroy());

  it('reads at once when no transaction is open, the same rows as TypeORM', async () => {
    const sql = 'SELECT "id", "name" FROM "T" WHERE "id" >= ?';
    expect(readIfIdle(ds, sql, [1])).toEqual([{ id: 1, name: 'Öse' }]);
    expect(readIfIdle(ds, sql, [1])).toEqual(await ds.query(sql, [1]));
    expect(await queryPrepared(ds, sql, [2])).toEqual([]);
  });

  it('stands aside while a transaction is open: others then wait and never see its uncommitted rows', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const transaction = ds.transaction(async (manager) => {
      await manager.query(`INSERT INTO "T" VALUES (2, 'neu')`);
      entered();
      await held;
      throw new Error('roll back');
    });
    await inside;
    const sql = 'SELECT COUNT(*) AS "n" FROM "T"';
    expect(readIfIdle(ds, sql, [])).toBeNull();
    const outside = queryPrepared<{ n: number }>(ds, sql, []);
    release();
    await expect(transaction).rejects.toThrow('roll back');
    expect(await outside).toEqual([{ n: 1 }]);
    expect(readIfIdle(ds, sql, [])).toEqual([{ n: 1 }]);
  });

  it('leaves writes to the usual way (and does not run them)', async () => {
    expect(readIfIdle(ds, `INSERT INTO "T" VALUES (3, 'x')`, [])).toBeNull();
    expect(readIfIdle(ds, `UPDATE "T" SET "name" = 'y' RETURNING "id"`, [])).toBeNull();
    expect(await ds.query('SELECT "id", "name" FROM "T"')).toEqual([{ id: 1, name: 'Öse' }]);
  });

  it('fails like TypeORM on a bad statement', () => {
    expect(() => readIfIdle(ds, 'SELECT "nope" FROM "T"', [])).toThrow(QueryFailedError);
  });

  it('does nothing on a data source without the gate', async () => {
    const other = await new DataSource(
      erpDataSourceOptions({ type: 'sqlite', path: ':memory:' }),
    ).initialize();
    try {
      expect(readIfIdle(other, 'SELECT 1 AS "x"', [])).toBeNull();
      expect(await queryPrepared(other, 'SELECT 1 AS "x"', [])).toEqual([{ x: 1 }]);
    } finally {
      await other.destroy();
    }
  });
});
