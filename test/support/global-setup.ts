import 'reflect-metadata';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { erpDataSourceOptions, seedDemo } from '../../libs/erp-db/src';
import { createPgDatabase, sqliteTestDir, testDbType, uniqueName, urlForDatabase } from './test-databases';

/** Builds the migrated, demo-seeded template database that every e2e test file copies. */
export default async function globalSetup(): Promise<void> {
  const type = testDbType();
  let options;
  if (type === 'sqlite') {
    const dir = sqliteTestDir();
    process.env.ERP_TEST_DIR = dir;
    const path = join(dir, 'template.sqlite');
    rmSync(path, { force: true });
    process.env.ERP_TEST_TEMPLATE = path;
    options = erpDataSourceOptions({ type, path });
  } else if (type === 'mssql') {
    // Each file builds its own database (createMssqlDatabase): nothing to share.
    process.env.ERP_TEST_TEMPLATE = 'mssql';
    return;
  } else {
    const name = uniqueName('tpl');
    await createPgDatabase(name);
    process.env.ERP_TEST_TEMPLATE = name;
    options = erpDataSourceOptions({ type, path: '', url: urlForDatabase(name), poolSize: 2 });
  }
  const ds = await new DataSource(options).initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
    await seedDemo(ds);
  } finally {
    await ds.destroy();
  }
}
