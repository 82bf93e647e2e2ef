import 'reflect-metadata';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSource } from 'typeorm';
import { erpDataSourceOptions, erpDbSettingsFromEnv } from '../data-source-options';

/** npm run migration:run — brings the schema of DB_TYPE/DB_PATH/DATABASE_URL up to date. */
async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const settings = erpDbSettingsFromEnv();
  if (settings.type === 'sqlite') mkdirSync(dirname(settings.path), { recursive: true });
  const ds = await new DataSource(erpDataSourceOptions(settings)).initialize();
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
