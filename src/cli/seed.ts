import '../common/config/env-file';
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { erpDataSourceOptions, isDatabaseEmpty, seedDemo } from '@app/erp-db';
import { loadAppConfigOrExit } from '../common/config/app-config';
import { ensureSqliteFolder, erpDbSettings } from '../database/erp-db-settings';

const USAGE = 'npm run seed -- [--articles N] [--customers N] [--orders N]';

function count(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`--${name} takes a whole number. ${USAGE}`);
  return Number(value);
}

/** npm run seed — migrates, then loads the deterministic demo data into an empty database. */
async function main(): Promise<void> {
  const config = loadAppConfigOrExit();
  const { values } = parseArgs({
    options: { articles: { type: 'string' }, customers: { type: 'string' }, orders: { type: 'string' } },
  });
  const size = {
    articles: count(values.articles, 'articles'),
    customers: count(values.customers, 'customers'),
    orders: count(values.orders, 'orders'),
  };
  ensureSqliteFolder(config);
  const ds = await new DataSource(erpDataSourceOptions(erpDbSettings(config))).initialize();
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
