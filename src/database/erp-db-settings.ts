import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ErpDbSettings } from '@app/erp-db';
import { AppConfig } from '../common/config/app-config';

/** The database connection of the validated settings: one mapping for the service and every CLI. */
export function erpDbSettings(config: AppConfig): ErpDbSettings {
  return {
    type: config.dbType,
    path: config.dbPath,
    url: config.databaseUrl,
    mssqlTrustServerCertificate: config.mssqlTrustServerCertificate,
    poolSize: config.dbPoolSize,
  };
}

/** The database as a log line names it: the SQLite file, or host, port and name (never user or password). */
export function databaseName(config: AppConfig): string {
  if (config.dbType === 'sqlite' || !config.databaseUrl) return `SQLite ${config.dbPath}`;
  const url = new URL(config.databaseUrl);
  return `${config.dbType === 'postgres' ? 'PostgreSQL' : 'SQL Server'} ${url.host}${url.pathname}`;
}

/** SQLite creates the file but not its folder. */
export function ensureSqliteFolder(config: AppConfig): void {
  if (config.dbType === 'sqlite' && config.dbPath !== ':memory:')
    mkdirSync(dirname(config.dbPath), { recursive: true });
}
