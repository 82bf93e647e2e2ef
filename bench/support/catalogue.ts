import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { erpDataSourceOptions, isDatabaseEmpty, seedDemo, SeedSize } from '@app/erp-db';

/** The catalogue of the article bench: what a large distributor's shop syncs. */
export const BENCH_CATALOGUE: SeedSize = { articles: 100_000, customers: 20_000, orders: 50_000 };

const describe = (s: SeedSize): string =>
  `${s.articles.toLocaleString('en-US')} articles, ${s.customers.toLocaleString('en-US')} customers, ` +
  `${s.orders.toLocaleString('en-US')} orders`;

export type BenchDatabase = { type: 'sqlite'; path: string } | { type: 'postgres'; url: string };

/**
 * Creates the server database `url` names when it does not exist yet (connected to the server's
 * `postgres` database). Only names of letters, digits and `_` are created: the name is an identifier
 * in the statement, never a parameter.
 */
async function ensurePgDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  const name = decodeURIComponent(admin.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name))
    throw new Error(`Bench database name ${JSON.stringify(name)}: use letters, digits and _ only.`);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      console.log(`Creating the PostgreSQL database ${name}.`);
      await client.query(`CREATE DATABASE "${name}"`);
    }
  } finally {
    await client.end();
  }
}

/**
 * Makes sure the bench's data set exists: a missing SQLite file is seeded (into a temporary file
 * renamed at the end, so an interrupted build leaves nothing half-made); a missing server database
 * is created, an empty one migrated and seeded (which refreshes the planner statistics). Says so,
 * and how long it took.
 */
export async function ensureBenchCatalogue(
  target: BenchDatabase,
  size: SeedSize = BENCH_CATALOGUE,
): Promise<void> {
  if (target.type === 'sqlite' && existsSync(target.path)) return;
  if (target.type === 'postgres') await ensurePgDatabase(target.url);
  const building = target.type === 'sqlite' ? `${target.path}.building` : undefined;
  if (building) {
    mkdirSync(dirname(building), { recursive: true });
    for (const suffix of ['', '-wal', '-shm']) rmSync(building + suffix, { force: true });
  }
  const ds = await new DataSource(
    erpDataSourceOptions(
      target.type === 'sqlite'
        ? { type: 'sqlite', path: building! }
        : { type: 'postgres', path: '', url: target.url },
    ),
  ).initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
    if (!(await isDatabaseEmpty(ds))) return;
    const where = target.type === 'sqlite' ? target.path : 'the PostgreSQL database';
    console.log(
      `No bench data set in ${where}: building it (${describe(size)}); this takes a minute or two.`,
    );
    const started = Date.now();
    await seedDemo(ds, size);
    console.log(`Bench data set built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await ds.destroy();
  }
  if (building) renameSync(building, (target as { path: string }).path);
}
