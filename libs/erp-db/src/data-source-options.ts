import { DataSourceOptions } from 'typeorm';
import type { Database } from 'better-sqlite3';
import { DbType } from './dialect';
import { ERP_ENTITIES } from './entities';
import { ERP_MIGRATIONS } from './migrations';
import { SQLITE_BUSY_TIMEOUT_MS, sqliteDriver } from './sqlite-driver';
import { registerSqliteFunctions } from './sqlite-functions';

/**
 * Page cache of every SQLite connection: 64 MiB (negative = KiB) instead of SQLite's 2 MiB, so a
 * catalogue's indexes stay in memory; taken only as pages are read.
 */
const SQLITE_CACHE_PRAGMA = 'cache_size = -65536';

/**
 * Settings and functions of every read-write SQLite connection of the service: TypeORM's (through
 * its `prepareDatabase` option) and the service's own (SqliteConnection), so that a statement
 * behaves the same on either. WAL lets readers run while one writer commits; the busy timeout
 * makes a writer wait for another process (a CLI) instead of failing at once. Foreign keys are on
 * as TypeORM turns them on for its connection.
 */
export function prepareSqliteConnection(db: Database): void {
  db.pragma('foreign_keys = ON');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  db.pragma(SQLITE_CACHE_PRAGMA);
  registerSqliteFunctions(db);
}

export interface ErpDbSettings {
  type: DbType;
  /** SQLite file (sqlite only). */
  path: string;
  /** Connection URL (postgres, mssql). */
  url?: string;
  /** SQL Server: accept a self-signed server certificate. */
  mssqlTrustServerCertificate?: boolean;
  poolSize?: number;
  /** A pooled connection broke (the pool replaces it on demand); without it TypeORM's default, silent here. */
  onConnectionError?: (err: Error) => void;
}

/**
 * How long a new connection may take before the request that waits for it fails (and is answered
 * 503): a database that is away costs a client seconds, not a hang.
 */
const CONNECT_TIMEOUT_MS = 2000;

export function erpDataSourceOptions(s: ErpDbSettings): DataSourceOptions {
  const common = {
    entities: ERP_ENTITIES,
    migrations: ERP_MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    logging: false,
  } as const;
  switch (s.type) {
    case 'sqlite':
      return {
        ...common,
        type: 'better-sqlite3',
        driver: sqliteDriver(),
        database: s.path,
        prepareDatabase: prepareSqliteConnection,
      };
    case 'postgres':
      return {
        ...common,
        type: 'postgres',
        url: s.url,
        connectTimeoutMS: CONNECT_TIMEOUT_MS,
        ...(s.onConnectionError ? { poolErrorHandler: s.onConnectionError } : {}),
        extra: { max: s.poolSize ?? 20 },
      };
    case 'mssql':
      return {
        ...common,
        type: 'mssql',
        url: s.url,
        connectionTimeout: CONNECT_TIMEOUT_MS,
        pool: mssqlPool(s.poolSize ?? 20, s.onConnectionError),
        options: { encrypt: true, trustServerCertificate: s.mssqlTrustServerCertificate ?? false },
      };
  }
}

/**
 * The mssql pool's settings. TypeORM attaches `errorHandler` to the ConnectionPool's 'error' event
 * (without a listener a broken connection would end the process), but mssql hands the same object
 * to tarn, which refuses every key it does not know: the handler is a non-enumerable property, so
 * TypeORM reads it and the copy tarn checks leaves it out.
 */
function mssqlPool(
  max: number,
  onError?: (err: Error) => void,
): { max: number; errorHandler?: (err: Error) => void } {
  const pool: { max: number; errorHandler?: (err: Error) => void } = { max };
  if (onError) Object.defineProperty(pool, 'errorHandler', { value: onError, enumerable: false });
  return pool;
}
