import type { Database } from 'better-sqlite3';

/**
 * SQL function that lowers like JavaScript (Ü, É, …): SQLite's own LOWER folds ASCII only, the
 * other databases fold every letter, and the address search must find the same rows on all.
 */
export const SQLITE_UNICODE_LOWER = 'erp_unicode_lower';

/**
 * The service's SQL functions, on every SQLite connection (read-write, read-only worker, CLI):
 * the address search indexes are built on erp_unicode_lower, so a connection without it could
 * neither write an address nor use those indexes.
 */
export function registerSqliteFunctions(db: Database): void {
  db.function(SQLITE_UNICODE_LOWER, { deterministic: true }, (s: unknown) =>
    s === null || s === undefined ? null : String(s).toLowerCase(),
  );
}
