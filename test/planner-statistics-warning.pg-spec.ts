import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { erpDataSourceOptions } from '@app/erp-db';
import { startService, stopService } from './support/child-processes';
import { createPgDatabase, dropPgDatabase, uniqueName, urlForDatabase } from './support/test-databases';

jest.setTimeout(120_000);

const WARNING =
  /no planner statistics for ([^:]+): the article list's queries may scan whole tables; run ANALYZE/g;

/** Everything the service prints on stdout from its start to its exit (SIGTERM flushes the log). */
async function startAndStop(url: string, dir: string): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DB_TYPE: 'postgres',
    DATABASE_URL: url,
    LOG_DIR: join(dir, 'logs'),
    LOG_STDOUT: 'true',
    LOG_LEVEL: 'warn',
  };
  delete env.SEED_DEMO;
  const service = await startService({ cwd: dir, env });
  let later = '';
  service.child.stdout!.on('data', (c: Buffer) => (later += c.toString()));
  await stopService(service.child);
  return service.out + later;
}

/**
 * On PostgreSQL the article list's plans come from planner statistics: a start on a database
 * whose article tables were never analysed says so, once, and names them; after ANALYZE it is quiet.
 */
describe('a start on tables nobody analysed', () => {
  const name = uniqueName('stats');
  let url: string;
  let dir: string;

  beforeAll(async () => {
    await createPgDatabase(name);
    url = urlForDatabase(name);
    dir = mkdtempSync(join(tmpdir(), 'erp-statistics-'));
    // Migrated as an administrator does (the service itself migrates PostgreSQL only with SEED_DEMO).
    const ds = await new DataSource(
      erpDataSourceOptions({ type: 'postgres', path: '', url, poolSize: 1 }),
    ).initialize();
    try {
      await ds.runMigrations({ transaction: 'each' });
    } finally {
      await ds.destroy();
    }
  });
  afterAll(async () => {
    await dropPgDatabase(name);
    rmSync(dir, { recursive: true, force: true });
  });

  it('warns once with the tables to analyse, and no more after ANALYZE', async () => {
    const before = [...(await startAndStop(url, dir)).matchAll(WARNING)];
    expect(before).toHaveLength(1);
    expect(before[0][1].split(', ').sort()).toEqual(
      [
        'Artikel',
        'ArtikelText',
        'ArtikelVPE',
        'Attribut',
        'Lagerbestand',
        'Preis',
        'PreisListe',
        'Reservierung',
      ].sort(),
    );

    const ds = await new DataSource(
      erpDataSourceOptions({ type: 'postgres', path: '', url, poolSize: 1 }),
    ).initialize();
    try {
      await ds.query('ANALYZE');
    } finally {
      await ds.destroy();
    }
    const after = await startAndStop(url, dir);
    expect(after).toContain('ERP REST service listening');
    expect([...after.matchAll(WARNING)]).toEqual([]);
  });
});
