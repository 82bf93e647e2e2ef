import { Client } from 'pg';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Test databases: a template (migrated and seeded once per test run) and one copy per test file.
 * Every database the tests create or drop is named erp_test_*; nothing else is ever touched.
 */
export const TEST_DB_PREFIX = 'erp_test_';

export function testDbType(): 'sqlite' | 'postgres' {
  const t = process.env.DB_TYPE ?? 'sqlite';
  if (t !== 'sqlite' && t !== 'postgres')
    throw new Error(`The e2e suite runs on sqlite or postgres, not ${t}`);
  return t;
}

export function adminUrl(): string {
  return process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function urlForDatabase(name: string): string {
  if (!name.startsWith(TEST_DB_PREFIX)) throw new Error(`Refusing to use non-test database ${name}`);
  const u = new URL(adminUrl());
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
  await createPgDatabase(name, template);
  return { path: '', url: urlForDatabase(name), dispose: () => dropPgDatabase(name) };
}
