import { closeSync, mkdirSync, openSync, statSync } from 'node:fs';
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

/**
 * The SQLite file and its folder for the owner only (password hashes, webhook secrets, customer
 * data): a new folder 0700, a new file 0600, which SQLite's -wal and -shm files copy. SQLite would
 * create the file with the umask's mode (0644) and TypeORM the folder (0755). Existing ones keep
 * their mode.
 */
export function ensureSqliteFolder(config: AppConfig): void {
  if (config.dbType !== 'sqlite' || config.dbPath === ':memory:') return;
  mkdirSync(dirname(config.dbPath), { recursive: true, mode: 0o700 });
  try {
    closeSync(openSync(config.dbPath, 'wx', 0o600));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

/**
 * A warning when other users of the machine may read the SQLite file: made by an older version or
 * by hand, it keeps its mode, and SQLite's -wal and -shm files copy it.
 */
export function sqliteFileOpenToOthers(config: AppConfig): string | null {
  if (config.dbType !== 'sqlite' || config.dbPath === ':memory:') return null;
  const mode = statSync(config.dbPath, { throwIfNoEntry: false })?.mode;
  if (mode === undefined || (mode & 0o077) === 0) return null;
  return (
    `WARNING: the SQLite file ${config.dbPath} is open to other users of this machine ` +
    `(mode ${(mode & 0o777).toString(8).padStart(4, '0')}; it holds password hashes and secrets): ` +
    'chmod 600 it and its -wal and -shm files.'
  );
}
