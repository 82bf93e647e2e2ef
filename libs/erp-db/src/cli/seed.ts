import 'reflect-metadata';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { erpDataSourceOptions, erpDbSettingsFromEnv } from '../data-source-options';
import { isDatabaseEmpty, seedDemo } from '../seed/demo-seed';

const USAGE = 'npm run seed -- [--articles N] [--customers N] [--orders N]';

function count(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`--${name} takes a whole number. ${USAGE}`);
  return Number(value);
}

/** npm run seed — migrates, then loads the deterministic demo data into an empty database. */
async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const { values } = parseArgs({
    options: { articles: { type: 'string' }, customers: { type: 'string' }, orders: { type: 'string' } },
  });
  const size = {
    articles: count(values.articles, 'articles'),
    customers: count(values.customers, 'customers'),
    orders: count(values.orders, 'orders'),
  };
  const settings = erpDbSettingsFromEnv();
  if (settings.type === 'sqlite') mkdirSync(dirname(settings.path), { recursive: true });
  const ds = await new DataSource(erpDataSourceOptions(settings)).initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
    if (!(await isDatabaseEmpty(ds)))
      throw new Error('The database already has data; seed only an empty one.');
    const started = Date.now();
    await seedDemo(ds, Object.fromEntries(Object.entries(size).filter(([, v]) => v !== undefined)));
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await ds.destroy();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
