import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { erpDataSourceOptions, ErpDbSettings, isDatabaseEmpty, seedDemo, SeedSize } from '@app/erp-db';

/** The catalogue of the article bench: what a large distributor's shop syncs. */
export const BENCH_CATALOGUE: SeedSize = { articles: 100_000, customers: 20_000, orders: 50_000 };

const describe = (s: SeedSize): string =>
  `${s.articles.toLocaleString('en-US')} articles, ${s.customers.toLocaleString('en-US')} customers, ` +
  `${s.orders.toLocaleString('en-US')} orders`;

export type BenchDatabase =
  | { type: 'sqlite'; path: string }
  | { type: 'postgres'; url: string }
  | { type: 'mssql'; url: string; trustServerCertificate: boolean };

/** A bench database's name: an identifier in statements, never a parameter; room for BUILDING. */
const PG_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,53}$/;
/** What a missing PostgreSQL bench database is built as, renamed once it is seeded. */
const BUILDING = '_building';

/** Runs `fn` connected to the server's `postgres` database, with the name of the database `url` names. */
async function onPgServer<T>(url: string, fn: (client: Client, name: string) => Promise<T>): Promise<T> {
  const admin = new URL(url);
  const name = decodeURIComponent(admin.pathname.slice(1));
  if (!PG_NAME.test(name))
    throw new Error(`Bench database name ${JSON.stringify(name)}: up to 54 letters, digits and _.`);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await fn(client, name);
  } finally {
    await client.end();
  }
}

/** Where a bench data set is built, and what makes it the bench's once it is seeded. */
interface BuildTarget {
  options: ErpDbSettings;
  /** Where the data set ends up, for the messages. */
  where: string;
  finish?: () => Promise<unknown>;
}

/**
 * Where a PostgreSQL bench database is built: the database itself when it exists (an empty one is
 * seeded in place), else `<name>_building`, created afresh (one an interrupted run left is dropped
 * first) and renamed by `finish` once seeded, so that a missing database is never half-made.
 */
async function pgBuildTarget(url: string): Promise<BuildTarget> {
  const where = 'the PostgreSQL database';
  return onPgServer(url, async (client, name) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount !== 0) return { options: { type: 'postgres', path: '', url }, where };
    const building = name + BUILDING;
    console.log(`No PostgreSQL database ${name}: building it as ${building}, renamed at the end.`);
    await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${building}"`);
    const target = new URL(url);
    target.pathname = `/${building}`;
    const finish = () => onPgServer(url, (c) => c.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`));
    return { options: { type: 'postgres', path: '', url: target.toString() }, where, finish };
  });
}

/** A missing SQLite file is built as `<path>.building` (what an interrupted run left removed first) and renamed. */
function sqliteBuildTarget(path: string): BuildTarget {
  const building = `${path}.building`;
  mkdirSync(dirname(building), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(building + suffix, { force: true });
  return {
    options: { type: 'sqlite', path: building },
    where: path,
    finish: async () => renameSync(building, path),
  };
}

/**
 * Makes sure the bench's data set exists: a missing SQLite file or server database is seeded under
 * another name and renamed at the end, so an interrupted build leaves nothing half-made
 * (`sqliteBuildTarget`, `pgBuildTarget`); an existing empty server database is migrated and
 * seeded in place. Seeding refreshes the planner statistics. Says so, and how long it took.
 */
export async function ensureBenchCatalogue(
  target: BenchDatabase,
  size: SeedSize = BENCH_CATALOGUE,
): Promise<void> {
  if (target.type === 'sqlite' && existsSync(target.path)) return;
  // SQL Server: the database DATABASE_URL names, created beforehand and seeded in place.
  const build: BuildTarget =
    target.type === 'sqlite'
      ? sqliteBuildTarget(target.path)
      : target.type === 'mssql'
        ? {
            options: {
              type: 'mssql',
              path: '',
              url: target.url,
              mssqlTrustServerCertificate: target.trustServerCertificate,
            },
            where: 'the SQL Server database',
          }
        : await pgBuildTarget(target.url);
  const ds = await new DataSource(erpDataSourceOptions(build.options)).initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
    if (!(await isDatabaseEmpty(ds))) return;
    console.log(
      `No bench data set in ${build.where}: building it (${describe(size)}); this takes a minute or two.`,
    );
    const started = Date.now();
    await seedDemo(ds, size);
    console.log(`Bench data set built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await ds.destroy();
  }
  await build.finish?.();
}
