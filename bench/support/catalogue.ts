import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSource } from 'typeorm';
import { erpDataSourceOptions, isDatabaseEmpty, seedDemo, SeedSize } from '@app/erp-db';

/** The catalogue of the article bench: what a large distributor's shop syncs. */
export const BENCH_CATALOGUE: SeedSize = { articles: 100_000, customers: 20_000, orders: 50_000 };

const describe = (s: SeedSize): string =>
  `${s.articles.toLocaleString('en-US')} articles, ${s.customers.toLocaleString('en-US')} customers, ` +
  `${s.orders.toLocaleString('en-US')} orders`;

/**
 * Makes sure the bench's data set exists: a missing SQLite file is seeded (into a temporary file
 * renamed at the end, so an interrupted build leaves nothing half-made); an empty server database
 * is migrated and seeded (which refreshes the planner statistics). Says so, and how long it took.
 */
export type BenchDatabase = { type: 'sqlite'; path: string } | { type: 'postgres'; url: string };

export async function ensureBenchCatalogue(
  target: BenchDatabase,
  size: SeedSize = BENCH_CATALOGUE,
): Promise<void> {
  if (target.type === 'sqlite' && existsSync(target.path)) return;
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
