import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { erpDataSourceOptions } from '@app/erp-db';
import { Service, startService, stopService } from './support/child-processes';
import { cloneTemplate, mssqlTrust, testDbType } from './support/test-databases';
import { eventually } from './support/webhook-receiver';

jest.setTimeout(120_000);

/**
 * A service killed (SIGKILL) under order posts and started again on the same database: every
 * acknowledged order is stored, and the clients' retries with the same AuftBestellNr store each
 * order once.
 */
describe('service killed under load and restarted (D13)', () => {
  let db: Awaited<ReturnType<typeof cloneTemplate>>;
  let dir: string;
  let service: Service | null = null;

  beforeAll(async () => {
    db = await cloneTemplate();
    dir = mkdtempSync(join(tmpdir(), 'erp-kill-'));
  });
  afterAll(async () => {
    if (service) await stopService(service.child, 'SIGKILL');
    await db.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (): Promise<Service> => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DB_TYPE: testDbType(),
      DB_PATH: db.path,
      SEED_DEMO: 'false',
      LOG_DIR: join(dir, 'logs'),
      LOG_STDOUT: 'false',
      RATE_LIMIT_PER_MINUTE: '0',
    };
    if (db.url) env.DATABASE_URL = db.url;
    else delete env.DATABASE_URL;
    return startService({ cwd: dir, env });
  };

  it('loses no acknowledged order, and the retries store each order once', async () => {
    service = await start();
    const acknowledged = new Map<string, string>();
    let posted = 0;
    let stopping = false;
    const auth = async (): Promise<string> => {
      const res = await fetch(`${service!.base}/www/token`, {
        method: 'POST',
        headers: { Authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` },
      });
      return `Bearer ${((await res.json()) as { access_token: string }).access_token}`;
    };
    let token = await auth();
    // Each client posts its orders one after the other; a failed post is retried until acknowledged.
    const client = async (c: number): Promise<void> => {
      for (let n = 0; !stopping; n++) {
        const bestellNr = `kill-${c}-${n}`;
        for (;;) {
          posted++;
          const res = await fetch(`${service!.base}/www/auftrag`, {
            method: 'POST',
            headers: { Authorization: token, 'Content-Type': 'application/json' },
            body: JSON.stringify({
              GrundDaten: { KundNr: '10001', AuftBestellNr: bestellNr },
              Positionen: [{ ArtNr: '1000', Menge: 1 }],
            }),
          }).catch(() => null);
          if (res && (res.status === 200 || res.status === 201)) {
            acknowledged.set(bestellNr, ((await res.json()) as { data: { AuftNr: string } }).data.AuftNr);
            break;
          }
          await res?.arrayBuffer();
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    const clients = Array.from({ length: 4 }, (_, c) => client(c));
    await eventually(() => acknowledged.size >= 12, 30_000, 'orders before the kill');
    await stopService(service.child, 'SIGKILL');
    const before = posted;
    await eventually(() => posted > before + 4, 10_000, 'posts refused while the service is down');
    service = await start();
    token = await auth();
    const restarted = acknowledged.size;
    await eventually(() => acknowledged.size >= restarted + 12, 30_000, 'orders after the restart');
    stopping = true;
    await Promise.all(clients);
    await stopService(service.child, 'SIGTERM');
    service = null;

    const ds = await new DataSource(
      erpDataSourceOptions({ type: testDbType(), path: db.path, url: db.url, ...mssqlTrust() }),
    ).initialize();
    try {
      const rows = await ds.query<{ AuftBestellNr: string; AuftNr: string | number }[]>(
        `SELECT "AuftBestellNr", "AuftNr" FROM "Auftrag" WHERE "AuftBestellNr" LIKE 'kill-%'`,
      );
      expect(rows.length).toBe(acknowledged.size);
      expect(new Map(rows.map((r) => [r.AuftBestellNr, String(r.AuftNr)]))).toEqual(acknowledged);
    } finally {
      await ds.destroy();
    }
  });
});
