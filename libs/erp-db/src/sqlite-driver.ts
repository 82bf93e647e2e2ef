import type BetterSqlite3 from 'better-sqlite3';

/**
 * How long a statement waits for another process's lock before it fails (answered 503, D13). The
 * wait blocks the thread (better-sqlite3 is synchronous), so it is short.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 2000;

/**
 * The better-sqlite3 module for this Node.js. On Node 24.19 and later, better-sqlite3 12 aborts
 * the process when the garbage collector frees a prepared statement outside a JavaScript context
 * (`RemoveEnvironmentCleanupHook: Assertion failed: (env) != nullptr`, a change of node::ObjectWrap);
 * version 13 fixes that but needs Node 22 or later. Both are installed (13 under the alias
 * `better-sqlite3-node22`, with prebuilt N-API binaries) until Node 20 is gone from the machines
 * that still run it; every SQLite connection of the service, its workers, CLIs and tests opens
 * through this function.
 */
export function sqliteDriver(): typeof BetterSqlite3 {
  const major = Number(process.versions.node.split('.')[0]);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return major >= 22 ? require('better-sqlite3-node22') : require('better-sqlite3');
}
