import { sqliteDriver } from '@app/erp-db/sqlite-driver';
import { DataSource } from 'typeorm';
import { detailsSql } from '../articles/adapters/typeorm/article-detail-sql';
import { PRICES_SQL } from '../pricing/adapters/price-sql';
import { positionalParameters } from './named-parameters';

describe('positionalParameters', () => {
  // TypeORM's own expansion on SQLite, which the main thread uses for the same statements.
  const typeorm = new DataSource({ type: 'better-sqlite3', driver: sqliteDriver(), database: ':memory:' })
    .driver;
  const params = {
    artNrs: ['1000', "O'Brien", '1002'],
    listNrs: [2, 7],
    webshopKey: 'RESTWEBSHOP',
    webshopPattern: '%,SHOP,%',
  };
  const spaces = (s: string) => s.replace(/\s+/g, ' ').replace(/ ?, ?/g, ',');

  it.each([
    ['prices', PRICES_SQL],
    ['details', detailsSql({ attributes: true, stock: true, packaging: true }) as string],
    [
      'details with the web-shop test',
      detailsSql({ attributes: true, stock: true, packaging: true }, true) as string,
    ],
  ])('%s: the same statement and values as TypeORM', (_, sql) => {
    const [text, values] = positionalParameters(sql, params);
    const [expectedText, expectedValues] = typeorm.escapeQueryWithParameters(sql, params, {});
    expect(spaces(text)).toBe(spaces(expectedText));
    expect(values).toEqual(expectedValues);
  });

  it("numbers PostgreSQL's placeholders and expands every list, key lists included, as an IN list", () => {
    const [text, values] = positionalParameters(
      PRICES_SQL,
      { listNrs: [2, 7], artNrs: ['1000', "O'Brien"] },
      'postgres',
    );
    expect(text.replace(/\s+/g, ' ').trim()).toBe(
      'SELECT "PreisListNr", "ArtNr", "VPEinheit", "AbAnzahl", "BisAnzahl", "PreisList", "GeaendertAm" ' +
        'FROM "Preis" WHERE "PreisListNr" IN ($1, $2) AND "ArtNr" IN ($3, $4)',
    );
    expect(values).toEqual([2, 7, '1000', "O'Brien"]);
  });

  it('binds values and never writes them into the text', () => {
    expect(
      positionalParameters('SELECT 1 WHERE a = :a AND b IN (:...b)', { a: "x' OR 1=1 --", b: [1, 2] }),
    ).toEqual(['SELECT 1 WHERE a = ? AND b IN (?, ?)', ["x' OR 1=1 --", 1, 2]]);
  });

  it('expands each call for its own values and list lengths, also when the text was seen before', () => {
    const sql = 'SELECT 1 WHERE a = :a AND b IN (:...b) AND c = :a';
    expect(positionalParameters(sql, { a: 1, b: [2, 3] })).toEqual([
      'SELECT 1 WHERE a = ? AND b IN (?, ?) AND c = ?',
      [1, 2, 3, 1],
    ]);
    expect(positionalParameters(sql, { a: 4, b: [5] })).toEqual([
      'SELECT 1 WHERE a = ? AND b IN (?) AND c = ?',
      [4, 5, 4],
    ]);
    expect(positionalParameters(sql, { a: 6, b: [7, 8] }, 'postgres')).toEqual([
      'SELECT 1 WHERE a = $1 AND b IN ($2, $3) AND c = $1',
      [6, 7, 8],
    ]);
    expect(positionalParameters(sql, { a: 6, b: [7, 8] }, 'mssql')).toEqual([
      'SELECT 1 WHERE a = @0 AND b IN (@1, @2) AND c = @0',
      [6, 7, 8],
    ]);
    expect(positionalParameters(sql, { a: 9, b: [10, 11] })).toEqual([
      'SELECT 1 WHERE a = ? AND b IN (?, ?) AND c = ?',
      [9, 10, 11, 9],
    ]);
  });

  it('refuses a name without a value and an empty list', () => {
    expect(() => positionalParameters('SELECT :a', {})).toThrow('no value for :a');
    expect(() => positionalParameters('SELECT :a', { b: 1 })).toThrow('no value for :a');
    expect(() =>
      positionalParameters('SELECT :a', Object.create({ a: 1 }) as Record<string, unknown>),
    ).toThrow('no value for :a');
    expect(() => positionalParameters('SELECT 1 WHERE b IN (:...b)', { b: [] })).toThrow(
      ':...b needs a non-empty list',
    );
  });

  it("leaves PostgreSQL's casts alone and binds SQLite's dates and booleans as TypeORM stores them", () => {
    const at = new Date('2026-03-01T10:00:00.123Z');
    expect(
      positionalParameters("SELECT current_setting('x')::int WHERE t < :at AND f = :on", { at, on: true }),
    ).toEqual(["SELECT current_setting('x')::int WHERE t < ? AND f = ?", ['2026-03-01 10:00:00.123', 1]]);
    expect(positionalParameters('SELECT 1 WHERE t < :at', { at }, 'postgres')).toEqual([
      'SELECT 1 WHERE t < $1',
      [at],
    ]);
  });
});
