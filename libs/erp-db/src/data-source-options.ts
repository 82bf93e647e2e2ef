import { DataSourceOptions } from 'typeorm';
import type { Database } from 'better-sqlite3';
import { DbType } from './dialect';
import { ERP_ENTITIES } from './entities';
import { ERP_MIGRATIONS } from './migrations';
import { sqliteDriver } from './sqlite-driver';

/**
 * Page cache of every SQLite connection: 64 MiB (negative = KiB) instead of SQLite's 2 MiB, so a
 * catalogue's indexes stay in memory; taken only as pages are read.
 */
export const SQLITE_CACHE_PRAGMA = 'cache_size = -65536';

export interface ErpDbSettings {
  type: DbType;
  /** SQLite file (sqlite only). */
  path: string;
  /** Connection URL (postgres, mssql). */
  url?: string;
  /** SQL Server: accept a self-signed server certificate. */
  mssqlTrustServerCertificate?: boolean;
  poolSize?: number;
}

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
        // WAL lets readers run while one writer commits; the busy timeout queues writers.
        prepareDatabase: (db: Database) => {
          db.pragma('journal_mode = WAL');
          db.pragma('synchronous = NORMAL');
          db.pragma('busy_timeout = 10000');
          db.pragma(SQLITE_CACHE_PRAGMA);
        },
      };
    case 'postgres':
      return { ...common, type: 'postgres', url: s.url, extra: { max: s.poolSize ?? 20 } };
    case 'mssql':
      return {
        ...common,
        type: 'mssql',
        url: s.url,
        pool: { max: s.poolSize ?? 20 },
        options: { encrypt: true, trustServerCertificate: s.mssqlTrustServerCertificate ?? false },
      };
  }
}
