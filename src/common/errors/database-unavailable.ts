/**
 * Whether an error says the database cannot serve at the moment (D13: answered 503, not 500):
 * a lost or refused connection, a server shutting down or starting, a SQLite file locked past the
 * busy timeout, read-only or full. Looks through the wrappers (TypeORM's driverError, cause).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; isObject(e) && depth < 4; e = inner(e), depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NODE_CODES.has(code) || SQLITE_CODES.some((c) => code === c || code.startsWith(`${c}_`))) return true;
    // PostgreSQL: class 08 (connection), 57P01-57P03 (shutdown, crash, starting), FATAL (the session ends).
    if (/^(08...|57P0[123])$/.test(code) || e.severity === 'FATAL' || e.severity === 'PANIC') return true;
    if (e.name === 'ConnectionError') return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (PG_CONNECTION_MESSAGES.some((m) => message.startsWith(m))) return true;
  }
  return false;
}

/** Socket errors of any driver. */
const NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'ESOCKET',
  'ECONNCLOSED',
]);

/** SQLite's codes, with their extended forms (SQLITE_BUSY_SNAPSHOT, SQLITE_READONLY_DBMOVED, …). */
const SQLITE_CODES = [
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_READONLY',
  'SQLITE_FULL',
  'SQLITE_IOERR',
  'SQLITE_CANTOPEN',
];

/** node-postgres reports a lost connection or a connect timeout by message only. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

interface ErrorLike {
  code?: unknown;
  severity?: unknown;
  name?: unknown;
  message?: unknown;
  driverError?: unknown;
  originalError?: unknown;
  cause?: unknown;
}

function isObject(e: unknown): e is ErrorLike {
  return typeof e === 'object' && e !== null;
}

function inner(e: ErrorLike): unknown {
  return e.driverError ?? e.originalError ?? e.cause;
}
