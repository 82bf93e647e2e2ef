import type Database from 'better-sqlite3';
import { sqliteDriver } from '@app/erp-db/sqlite-driver';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadPool } from './sqlite-read-pool';

// The read threads answer with the rows better-sqlite3 gives for the same statement.
describe('SqliteReadPool', () => {
  let dir: string;
  let file: string;
  let direct: Database.Database;
  let pool: SqliteReadPool;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'read-pool-'));
    file = join(dir, 'values.sqlite');
    const db = new (sqliteDriver())(file);
    db.exec(`CREATE TABLE "V" ("Id" INTEGER PRIMARY KEY, "T" TEXT, "N" NUMERIC, "R" REAL, "B" BLOB)`);
    const insert = db.prepare('INSERT INTO "V" VALUES (?, ?, ?, ?, ?)');
    const rows: unknown[][] = [
      [1, 'Ölkanne "groß" \\ / <a>', 18.5, 0.1 + 0.2, null],
      [2, 'x\n\t\u0001\u001f\u007f', '12345678901234.5678', -0.0, null],
      [3, '\u2028\u2029 \ud83d\ude00 漢字', 9007199254740993n, Infinity, null],
      [4, '', -3, -Infinity, null],
      [5, null, 1e-7, 5e-324, null],
      [6, 'Zeile', 2e21, 1.7976931348623157e308, null],
    ];
    db.transaction(() => rows.forEach((r) => insert.run(...r)))();
    db.close();
    direct = new (sqliteDriver())(file, { readonly: true });
    direct.defaultSafeIntegers(false);
    pool = new SqliteReadPool(file, 1, () => undefined);
  });

  afterAll(async () => {
    await pool.onApplicationShutdown();
    direct.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const rowsOf = (sql: string, ...params: unknown[]) =>
    direct
      .prepare(sql)
      .raw(true)
      .all(...params) as unknown[][];

  it('answers text, integers, reals, infinities and nulls exactly as better-sqlite3 reads them', async () => {
    const sql = 'SELECT "Id", "T", "N", "R" FROM "V" WHERE "Id" IN (:...ids)';
    const ids = [1, 2, 3, 4, 5, 6];
    const [rows] = await pool.read([{ sql, params: { ids } }]);
    const expected = rowsOf('SELECT "Id", "T", "N", "R" FROM "V" WHERE "Id" IN (?, ?, ?, ?, ?, ?)', ...ids);
    const byId = (a: unknown[], b: unknown[]) => (a[0] as number) - (b[0] as number);
    expect(rows.sort(byId)).toEqual(expected.sort(byId));
    expect(rows[2][3]).toBe(Infinity);
    expect(rows[2][2]).toBe(9007199254740992);
    expect(rows[4][3]).toBe(5e-324);
  });

  it('answers blobs as bytes, beside statements without any', async () => {
    direct.close();
    const db = new (sqliteDriver())(file);
    db.prepare('UPDATE "V" SET "B" = ? WHERE "Id" = 2').run(Buffer.from([0, 1, 255]));
    db.close();
    direct = new (sqliteDriver())(file, { readonly: true });
    const [texts, blobs, texts2] = await pool.read([
      { sql: 'SELECT "T" FROM "V" WHERE "Id" = :id', params: { id: 1 } },
      { sql: 'SELECT "Id", "B" FROM "V" WHERE "B" IS NOT NULL', params: {} },
      { sql: 'SELECT "T" FROM "V" WHERE "Id" = :id', params: { id: 4 } },
    ]);
    expect(texts).toEqual([['Ölkanne "groß" \\ / <a>']]);
    expect(texts2).toEqual([['']]);
    expect(blobs).toHaveLength(1);
    expect(blobs[0][0]).toBe(2);
    expect(Buffer.from(blobs[0][1] as Uint8Array)).toEqual(Buffer.from([0, 1, 255]));
  });

  it('keeps the order of a statement that has one, and columns that share a name', async () => {
    const [ordered, shared, none] = await pool.read([
      { sql: 'SELECT "Id" FROM "V" ORDER BY "Id" DESC', params: {} },
      { sql: 'SELECT "Id", "Id" FROM "V" WHERE "Id" = :id', params: { id: 3 } },
      { sql: 'SELECT "Id" FROM "V" WHERE "Id" > :id', params: { id: 100 } },
    ]);
    expect(ordered).toEqual([[6], [5], [4], [3], [2], [1]]);
    expect(shared).toEqual([[3, 3]]);
    expect(none).toEqual([]);
  });

  it('fails with the database error of a statement that cannot run', async () => {
    // The error comes from the thread (another realm than jest's: matched by its message).
    const failed = await pool.read([{ sql: 'SELECT "Id" FROM "Missing"', params: {} }]).then(
      () => null,
      (e: { message: string }) => e,
    );
    expect(failed?.message).toMatch(/no such table: Missing/);
  });

  it('concurrent reads get their own rows each; a failing one fails only itself', async () => {
    const one = (id: number) => ({ sql: 'SELECT "Id", "T" FROM "V" WHERE "Id" = :id', params: { id } });
    const [a, b, c, d] = await Promise.all([
      pool.read([one(1), one(4)]),
      pool.read([one(5)]),
      pool.read([one(6), one(100)]),
      pool.read([one(2), one(3), one(5)]),
    ]);
    expect(a).toEqual([[[1, 'Ölkanne "groß" \\ / <a>']], [[4, '']]]);
    expect(b).toEqual([[[5, null]]]);
    expect(c).toEqual([[[6, 'Zeile']], []]);
    expect(d.map((rows) => rows.map((r) => r[0]))).toEqual([[2], [3], [5]]);

    const [good, bad, after] = await Promise.allSettled([
      pool.read([one(4)]),
      pool.read([{ sql: 'SELECT "Id" FROM "Missing"', params: {} }]),
      pool.read([one(6)]),
    ]);
    expect(good).toEqual({ status: 'fulfilled', value: [[[4, '']]] });
    expect(bad.status).toBe('rejected');
    expect((bad as PromiseRejectedResult).reason.message).toMatch(/no such table: Missing/);
    expect(after).toEqual({ status: 'fulfilled', value: [[[6, 'Zeile']]] });
  });
});
