import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newOrderBody } from './support/fixtures';
import { runToEnd, Service, startService, stopService, ROOT, TS_NODE } from './support/child-processes';

/**
 * The service on a real SQL Server: set MSSQL_URL (mssql://user:password@host:1433/database, an
 * empty database; MSSQL_TRUST_SERVER_CERTIFICATE=true for a self-signed certificate) to run it.
 * `npm run test:mssql` runs it; without MSSQL_URL jest has no such project (jest.config.js), so
 * nothing is reported as skipped. The SQL it would send is parsed as T-SQL in
 * src/database/sql-server-statements.spec.ts on every machine.
 */
const MSSQL_URL = process.env.MSSQL_URL;
if (!MSSQL_URL) throw new Error('MSSQL_URL is not set: this suite needs a SQL Server');

jest.setTimeout(300_000);

describe('SQL Server at MSSQL_URL', () => {
  let dir = '';
  let service: Service | undefined;
  const env = (): NodeJS.ProcessEnv => ({
    ...process.env,
    DB_TYPE: 'mssql',
    DATABASE_URL: MSSQL_URL,
    LOG_DIR: join(dir, 'logs'),
    LOG_STDOUT: 'false',
  });
  const auth = async (user: string, password: string) => {
    const res = await fetch(`${service!.base}/www/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
    });
    expect(res.status).toBe(200);
    return { Authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'erp-mssql-'));
    const migrate = await runToEnd([...TS_NODE, join(ROOT, 'src/cli/migrate.ts')], { cwd: dir, env: env() });
    expect(migrate.code).toBe(0);
    const seed = await runToEnd([...TS_NODE, join(ROOT, 'src/cli/seed.ts')], { cwd: dir, env: env() });
    expect(seed.code).toBe(0);
    service = await startService({ cwd: dir, env: { ...env(), SEED_DEMO: 'false' } });
  });
  afterAll(async () => {
    if (service) await stopService(service.child);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves articles, takes an order with gapless numbers, and reads it back', async () => {
    const headers = await auth('demo', 'demo');
    const list = await fetch(`${service!.base}/www/artikel?limit=2&offset=1`, { headers });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(2);
    const numbers: number[] = [];
    for (let i = 0; i < 2; i++) {
      const created = await fetch(`${service!.base}/www/auftrag`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(newOrderBody('10001', { AuftBestellNr: `MSSQL-${Date.now()}-${i}` })),
      });
      expect(created.status).toBe(201);
      const auftNr = ((await created.json()) as { data: { AuftNr: string } }).data.AuftNr;
      numbers.push(Number(auftNr));
      const read = await fetch(`${service!.base}/www/auftrag/${auftNr}`, { headers });
      expect(read.status).toBe(200);
    }
    expect(numbers[1] - numbers[0]).toBe(1);
  });
});
