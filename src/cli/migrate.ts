import '../common/config/env-file';
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { erpDataSourceOptions } from '@app/erp-db';
import { loadAppConfigOrExit } from '../common/config/app-config';
import { ensureSqliteFolder, erpDbSettings } from '../database/erp-db-settings';

/** npm run migration:run — brings the schema of DB_TYPE/DB_PATH/DATABASE_URL up to date. */
async function main(): Promise<void> {
  const config = loadAppConfigOrExit();
  ensureSqliteFolder(config);
  const ds = await new DataSource(erpDataSourceOptions(erpDbSettings(config))).initialize();
  try {
    const applied = await ds.runMigrations({ transaction: 'each' });
    console.log(
      applied.length === 0 ? 'Schema is up to date.' : `Applied: ${applied.map((m) => m.name).join(', ')}`,
    );
  } finally {
    await ds.destroy();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
