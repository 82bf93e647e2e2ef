import { rmSync } from 'node:fs';
import { dropPgDatabase, testDbType } from './test-databases';

export default async function globalTeardown(): Promise<void> {
  const template = process.env.ERP_TEST_TEMPLATE;
  if (!template) return;
  if (testDbType() === 'postgres') await dropPgDatabase(template);
  else if (testDbType() === 'mssql') return;
  else if (process.env.ERP_TEST_DIR) rmSync(process.env.ERP_TEST_DIR, { recursive: true, force: true });
}
