import { MigrationInterface, QueryRunner } from 'typeorm';
import { DbType, dbTypeOf } from '../dialect';
import { SQLITE_UNICODE_LOWER } from '../sqlite-functions';
import { runSql } from './schema-builder';

/** The address fields a web shop searches by (checkout: e-mail, name, firm, postal code, phone). */
export const INDEXED_SEARCH_FIELDS = [
  'EmailAdress',
  'AdrName',
  'AdrFirma',
  'AdrVorname',
  'OrtPLZ',
  'AdrTf1',
  'AdrTf2',
] as const;

/**
 * The search form of an address field: lower case (every letter, umlauts included) without
 * surrounding blanks. The address search compares exactly this expression, so that the indexes
 * below serve it. SQLite's LOWER folds ASCII only, hence the registered function there.
 */
export function addressSearchKey(db: DbType, column: string): string {
  return db === 'sqlite' ? `${SQLITE_UNICODE_LOWER}(TRIM(${column}))` : `LOWER(TRIM(${column}))`;
}

/**
 * SQL Server indexes no expression, only columns: a computed column holds the search form (not
 * persisted, so it costs no row space; the index stores it). Its optimiser matches the same
 * expression in a query to the indexed computed column.
 */
export const mssqlSearchColumn = (field: string): string => `${field}_Suche`;

const indexName = (field: string): string => `IX_Adressen_Suche_${field}`;

/**
 * Indexes on the search form of the searched address fields: an address search reads the
 * matching index entries instead of every address. The database keeps them current on every
 * write, the ERP's own included; SQLite evaluates its registered function for that, which every
 * connection of the service registers (prepareSqliteConnection).
 */
export class AddressSearchIndexes1700000070000 implements MigrationInterface {
  name = 'AddressSearchIndexes1700000070000';

  async up(q: QueryRunner): Promise<void> {
    const db = dbTypeOf(q.connection.options.type);
    for (const field of INDEXED_SEARCH_FIELDS) {
      if (db === 'mssql') {
        const column = mssqlSearchColumn(field);
        await runSql(q, `ALTER TABLE "Adressen" ADD "${column}" AS ${addressSearchKey(db, `"${field}"`)}`);
        await runSql(q, `CREATE INDEX "${indexName(field)}" ON "Adressen" ("${column}")`);
      } else {
        await runSql(
          q,
          `CREATE INDEX "${indexName(field)}" ON "Adressen" (${addressSearchKey(db, `"${field}"`)})`,
        );
      }
    }
    // Statistics of the new expressions (SQL Server makes them with the index): without them
    // PostgreSQL guesses 0.5 % of the addresses per value and may start a search elsewhere.
    if (db !== 'mssql') await runSql(q, 'ANALYZE "Adressen"');
  }

  async down(q: QueryRunner): Promise<void> {
    const db = dbTypeOf(q.connection.options.type);
    for (const field of [...INDEXED_SEARCH_FIELDS].reverse()) {
      if (db === 'mssql') {
        await runSql(q, `DROP INDEX "${indexName(field)}" ON "Adressen"`);
        await runSql(q, `ALTER TABLE "Adressen" DROP COLUMN "${mssqlSearchColumn(field)}"`);
      } else {
        await runSql(q, `DROP INDEX "${indexName(field)}"`);
      }
    }
  }
}
