import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { erpDataSourceOptions, SQLITE_UNICODE_LOWER } from '@app/erp-db';
import { DataSource, QueryFailedError } from 'typeorm';
import { queryPreparedNamed } from './sql-gateway';
import {
  closeSqliteConnection,
  SqliteConnection,
  sqliteConnection,
  sqliteConnectionForReads,
} from './sqlite-connection';

describe('SqliteConnection (the service’s own connection next to TypeORM’s)', () => {
  let dir: string;
  let ds: DataSource;
  let db: SqliteConnection;

  beforeEach(async () => {
    // A file: an in-memory database cannot be opened a second time.
    dir = mkdtempSync(join(tmpdir(), 'erp-sqlite-connection-'));
    ds = await new DataSource(
      erpDataSourceOptions({ type: 'sqlite', path: join(dir, 'db.sqlite') }),
    ).initialize();
    await ds.query('CREATE TABLE "T" ("id" integer PRIMARY KEY, "name" varchar)');
    await ds.query(`INSERT INTO "T" VALUES (1, 'Öse')`);
    db = sqliteConnection(ds);
  });

  afterEach(async () => {
    closeSqliteConnection(ds);
    await ds.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const names = async (): Promise<string[]> =>
    ((await ds.query('SELECT "name" FROM "T" ORDER BY "id"')) as Array<{ name: string }>).map((r) => r.name);

  it('reads at once the same rows as TypeORM, and what TypeORM committed', async () => {
    const sql = 'SELECT "id", "name" FROM "T" WHERE "id" >= ?';
    expect(db.read(sql, [1])).toEqual([{ id: 1, name: 'Öse' }]);
    expect(db.read(sql, [1])).toEqual(await ds.query(sql, [1]));
    await ds.query(`INSERT INTO "T" VALUES (2, 'neu')`);
    expect(db.read(sql, [2])).toEqual([{ id: 2, name: 'neu' }]);
    expect(await queryPreparedNamed(ds, 'SELECT "id", "name" FROM "T" WHERE "id" >= :id', { id: 3 })).toEqual(
      [],
    );
  });

  it('commits a transaction as a whole: TypeORM sees all of it at once', async () => {
    db.transaction(() => {
      db.statement(`INSERT INTO "T" VALUES (2, 'a')`).run();
      db.statement(`INSERT INTO "T" VALUES (3, 'b')`).run();
    });
    expect(await names()).toEqual(['Öse', 'a', 'b']);
  });

  it('rolls a failed transaction back as a whole, and never takes in a concurrent request’s statement', async () => {
    // Requests already under way on TypeORM's connection when the transaction runs.
    const concurrent = [1, 2, 3].map((i) => ds.query(`INSERT INTO "T" VALUES (${10 + i}, 'plain-${i}')`));
    expect(() =>
      db.transaction(() => {
        db.statement(`INSERT INTO "T" VALUES (2, 'tx-a')`).run();
        db.statement(`INSERT INTO "T" VALUES (3, 'tx-b')`).run();
        throw new Error('rolled back on purpose');
      }),
    ).toThrow('rolled back on purpose');
    await Promise.all(concurrent);
    const more = ds.query(`INSERT INTO "T" VALUES (20, 'plain-after')`);
    db.transaction(() => db.statement(`INSERT INTO "T" VALUES (4, 'tx-c')`).run());
    await more;
    expect(await names()).toEqual(['Öse', 'tx-c', 'plain-1', 'plain-2', 'plain-3', 'plain-after']);
  });

  it('leaves writes to the usual way (and does not run them)', async () => {
    expect(db.read(`INSERT INTO "T" VALUES (3, 'x')`, [])).toBeNull();
    expect(db.read(`UPDATE "T" SET "name" = 'y' RETURNING "id"`, [])).toBeNull();
    expect(await ds.query('SELECT "id", "name" FROM "T"')).toEqual([{ id: 1, name: 'Öse' }]);
    expect(await queryPreparedNamed(ds, `UPDATE "T" SET "name" = 'y' RETURNING "id"`, {})).toEqual([
      { id: 1 },
    ]);
  });

  it('fails like TypeORM on a bad statement', () => {
    expect(() => db.read('SELECT "nope" FROM "T"', [])).toThrow(QueryFailedError);
  });

  it('has the functions and settings of TypeORM’s connection', async () => {
    const sql = `SELECT ${SQLITE_UNICODE_LOWER}('ÖSE') AS "l"`;
    expect(db.read(sql, [])).toEqual([{ l: 'öse' }]);
    expect(await ds.query(sql)).toEqual([{ l: 'öse' }]);
    expect(db.read('PRAGMA foreign_keys', [])).toEqual(await ds.query('PRAGMA foreign_keys'));
  });

  it('once closed, stays closed: reads take TypeORM’s way, writes fail', async () => {
    closeSqliteConnection(ds);
    expect(sqliteConnectionForReads(ds)).toBeNull();
    expect(() => sqliteConnection(ds)).toThrow('closed');
    expect(await queryPreparedNamed(ds, 'SELECT COUNT(*) AS "n" FROM "T"', {})).toEqual([{ n: 1 }]);
  });

  it('does not open an in-memory database a second time: reads take TypeORM’s way', async () => {
    const memory = await new DataSource(
      erpDataSourceOptions({ type: 'sqlite', path: ':memory:' }),
    ).initialize();
    try {
      expect(sqliteConnectionForReads(memory)).toBeNull();
      expect(() => sqliteConnection(memory)).toThrow('in-memory');
      expect(await queryPreparedNamed(memory, 'SELECT 1 AS "x"', {})).toEqual([{ x: 1 }]);
    } finally {
      await memory.destroy();
    }
  });
});
