import { sqliteDriver } from '@app/erp-db/sqlite-driver';
import { DataSource } from 'typeorm';
import { PreparedTexts, queryNamed } from './sql-gateway';

describe('PreparedTexts', () => {
  it('names a text the same every time, and runs texts beyond the limit unnamed', () => {
    const texts = new PreparedTexts(2);
    const one = texts.nameOf('SELECT 1');
    expect(one).toMatch(/^erp_[0-9a-f]{40}$/);
    expect(new PreparedTexts(2).nameOf('SELECT 1')).toBe(one);
    expect(texts.nameOf('SELECT 2')).not.toBe(one);
    expect(texts.nameOf('SELECT 3')).toBeUndefined();
    expect(texts.nameOf('SELECT 1')).toBe(one);
  });
});

describe('named-parameter SQL through TypeORM', () => {
  let ds: DataSource;

  beforeAll(async () => {
    ds = await new DataSource({
      type: 'better-sqlite3',
      driver: sqliteDriver(),
      database: ':memory:',
    }).initialize();
    await ds.query('CREATE TABLE "T" ("id" INTEGER PRIMARY KEY, "name" TEXT)');
    await ds.query(`INSERT INTO "T" VALUES (1, 'a'), (2, 'b'), (3, 'c')`);
  });
  afterAll(() => ds.destroy());

  it('binds names and lists, on a DataSource and in a transaction', async () => {
    const sql = 'SELECT "id" FROM "T" WHERE "id" IN (:...ids) AND "name" <> :name ORDER BY "id"';
    expect(await queryNamed(ds, sql, { ids: [1, 2, 3], name: 'b' })).toEqual([{ id: 1 }, { id: 3 }]);
    await ds.transaction(async (m) => {
      await m.query(`UPDATE "T" SET "name" = 'z' WHERE "id" = 3`);
      expect(await queryNamed(m, 'SELECT "name" FROM "T" WHERE "id" = :id', { id: 3 })).toEqual([
        { name: 'z' },
      ]);
    });
  });

  it("gives a write's RETURNING rows, and none for a write without them", async () => {
    expect(
      await queryNamed(ds, 'UPDATE "T" SET "name" = :name WHERE "id" IN (:...ids) RETURNING "id"', {
        name: 'y',
        ids: [1, 2],
      }),
    ).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await queryNamed(ds, 'DELETE FROM "T" WHERE "id" = :id', { id: 3 })).toEqual([]);
  });
});
