import { DataSource } from 'typeorm';

/**
 * Refreshes the query planner's statistics after a bulk load (a seed, an import, a restore), so
 * that the first queries get their index plans instead of guesses for empty tables. Nothing else
 * does it in time: autovacuum may be off or minutes away, and SQLite never gathers them itself.
 */
export async function refreshStatistics(ds: DataSource): Promise<void> {
  switch (ds.options.type) {
    case 'better-sqlite3':
      await ds.query('ANALYZE');
      await ds.query('PRAGMA optimize');
      return;
    case 'postgres':
      // VACUUM as well: it sets the visibility map, without which every index-only lookup of a
      // freshly loaded table still visits the table row (a million heap fetches to order the
      // articles of a web shop at 1M articles). It cannot run inside a transaction; ds.query
      // does not open one.
      await ds.query('VACUUM (ANALYZE)');
      return;
    case 'mssql':
      await ds.query('EXEC sp_updatestats');
      return;
  }
}
