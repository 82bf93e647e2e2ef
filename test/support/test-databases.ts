import { Client } from 'pg';
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { erpDataSourceOptions, seedDemo } from '../../libs/erp-db/src';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Test databases: a template (migrated and seeded once per test run) and one copy per test file.
 * Every database the tests create or drop is named erp_test_*; nothing else is ever touched.
 */
export const TEST_DB_PREFIX = 'erp_test_';

/** The part of the mssql driver's API used here (it ships no types). */
interface MssqlPool {
  connect(): Promise<unknown>;
  close(): Promise<void>;
  request(): { input(name: string, value: unknown): { query(sql: string): Promise<unknown> } };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ConnectionPool } = require('mssql') as { ConnectionPool: new (config: object) => MssqlPool };

export function testDbType(): 'sqlite' | 'postgres' | 'mssql' {
  const t = process.env.DB_TYPE ?? 'sqlite';
  if (t !== 'sqlite' && t !== 'postgres' && t !== 'mssql')
    throw new Error(`The e2e suite runs on sqlite, postgres or mssql, not ${t}`);
  if (t === 'mssql' && !process.env.MSSQL_URL)
    throw new Error('DB_TYPE=mssql needs MSSQL_URL (a SQL Server)');
  return t;
}

export function adminUrl(): string {
  if (testDbType() === 'mssql') return mssqlServerUrl();
  return process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** The SQL Server's certificate setting of the run (MSSQL_TRUST_SERVER_CERTIFICATE), for data sources of tests. */
export function mssqlTrust(): { mssqlTrustServerCertificate: boolean } {
  return { mssqlTrustServerCertificate: process.env.MSSQL_TRUST_SERVER_CERTIFICATE === 'true' };
}

/** A TypeORM data source on the test database at `url` (the type of the run), initialised. */
export async function testDataSource(url: string | undefined, path = '', poolSize = 2): Promise<DataSource> {
  const type = testDbType();
  return new DataSource(erpDataSourceOptions({ type, path, url, poolSize, ...mssqlTrust() })).initialize();
}

export function urlForDatabase(name: string, server = adminUrl()): string {
  if (!name.startsWith(TEST_DB_PREFIX) || !/^\w+$/.test(name))
    throw new Error(`Refusing to use non-test database ${name}`);
  const u = new URL(server);
  u.pathname = '/' + name;
  return u.toString();
}

export function sqliteTestDir(): string {
  const dir = process.env.ERP_TEST_DIR ?? join(tmpdir(), `erp-test-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function withAdmin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export function uniqueName(tag: string): string {
  return `${TEST_DB_PREFIX}${tag}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

export async function createPgDatabase(name: string, template?: string): Promise<void> {
  urlForDatabase(name);
  if (template) urlForDatabase(template);
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`));
}

export async function dropPgDatabase(name: string): Promise<void> {
  urlForDatabase(name);
  await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** The SQL Server of MSSQL_URL (the server the e2e files and benches create their databases on). */
export function mssqlServerUrl(): string {
  const url = process.env.MSSQL_URL;
  if (!url) throw new Error('MSSQL_URL is not set: mssql://user:password@host:1433/database');
  return url;
}

/** A statement on the server of MSSQL_URL through the mssql driver itself (no entities needed). */
async function onMssqlServer(sql: string, name: string): Promise<void> {
  const u = new URL(mssqlServerUrl());
  const pool = new ConnectionPool({
    server: u.hostname,
    port: Number(u.port || 1433),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)) || 'master',
    options: { encrypt: true, trustServerCertificate: mssqlTrust().mssqlTrustServerCertificate },
  });
  await pool.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await pool.request().input('name', name).query(sql);
        return;
      } catch (err) {
        // The T-SQL engine of CI fails one of two CREATE/DROP DATABASE of parallel test files
        // ("tuple concurrently updated", its catalogue row), and a DROP beside another file's
        // seed can be a deadlock's victim (its databases share one PostgreSQL database, so the
        // seed's sp_updatestats locks their tables too; SQL Server's error 1205 asks the same):
        // the statement was rolled back, so try it again.
        if (attempt >= 5 || !/concurrently updated|deadlock/i.test((err as Error).message)) throw err;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  } finally {
    await pool.close();
  }
}

/** An empty SQL Server database `name` on the server of MSSQL_URL; returns its URL. */
export async function createEmptyMssqlDatabase(name: string): Promise<string> {
  const url = urlForDatabase(name, mssqlServerUrl());
  await onMssqlServer(`CREATE DATABASE [${name}]`, name);
  return url;
}

export async function createMssqlDatabase(name: string): Promise<string> {
  const url = await createEmptyMssqlDatabase(name);
  const ds = await testDataSource(url);
  try {
    await ds.runMigrations({ transaction: 'each' });
    await seedDemo(ds);
  } finally {
    await ds.destroy();
  }
  return url;
}

export async function dropMssqlDatabase(name: string): Promise<void> {
  urlForDatabase(name, mssqlServerUrl());
  await onMssqlServer(`IF DB_ID(@name) IS NOT NULL DROP DATABASE [${name}]`, name);
}

/** A fresh copy of the template for one test file; returns its location and a disposer. */
export async function cloneTemplate(): Promise<{ path: string; url?: string; dispose: () => Promise<void> }> {
  const template = process.env.ERP_TEST_TEMPLATE;
  if (!template)
    throw new Error('ERP_TEST_TEMPLATE is not set: run the e2e tests through jest (globalSetup).');
  if (testDbType() === 'sqlite') {
    const path = join(sqliteTestDir(), `${randomBytes(6).toString('hex')}.sqlite`);
    copyFileSync(template, path);
    return {
      path,
      dispose: async () => {
        for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
      },
    };
  }
  const name = uniqueName('copy');
  if (testDbType() === 'mssql') {
    const url = await createMssqlDatabase(name);
    return { path: '', url, dispose: () => dropMssqlDatabase(name) };
  }
  await createPgDatabase(name, template);
  return { path: '', url: urlForDatabase(name), dispose: () => dropPgDatabase(name) };
}
