import 'reflect-metadata';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { DataSource } from 'typeorm';
import { erpDataSourceOptions, seedDemo } from '../../libs/erp-db/src';
import { freshBuild } from './compiled-build';
import { ROOT, TS_NODE } from './child-processes';
import { createPgDatabase, sqliteTestDir, testDbType, uniqueName, urlForDatabase } from './test-databases';

/** Builds the migrated, demo-seeded template database that every e2e test file copies. */
export default async function globalSetup(): Promise<void> {
  // The compiled service for the tests that start it as a process (compiled-build.ts), built in the
  // background: until it is there, they start it from the sources.
  if (!freshBuild()) {
    spawn(process.execPath, [...TS_NODE, join(__dirname, 'compiled-build-main.ts')], {
      cwd: ROOT,
      detached: true,
      stdio: 'ignore',
    }).unref();
  }
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
