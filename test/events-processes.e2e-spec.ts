import { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { erpDataSourceOptions } from '@app/erp-db';
import { Service, startService, stopService } from './support/child-processes';
import { cloneTemplate, mssqlTrust, testDbType } from './support/test-databases';
import { eventually, verifySignature, WebhookReceiver } from './support/webhook-receiver';

jest.setTimeout(240_000);

const SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;

/**
 * The relay as separate service processes on one database: a process killed in the middle of a
 * delivery, and two processes sharing the work. Each test has its own database copy and receiver.
 */
describe('events across processes: SIGKILL during delivery, two instances', () => {
  let db: Awaited<ReturnType<typeof cloneTemplate>>;
  let dataSource: DataSource;
  let dir: string;
  const receiver = new WebhookReceiver();
  const children: ChildProcess[] = [];

  beforeEach(async () => {
    db = await cloneTemplate();
    dir = mkdtempSync(join(tmpdir(), 'erp-events-proc-'));
    await receiver.start();
    dataSource = new DataSource(
      erpDataSourceOptions({ type: testDbType(), path: db.path, url: db.url, poolSize: 2, ...mssqlTrust() }),
    );
    await dataSource.initialize();
  });
  afterEach(async () => {
    await Promise.all(children.splice(0).map((c) => stopService(c, 'SIGKILL')));
    await dataSource.destroy();
    await receiver.stop();
    receiver.received.length = 0;
    await db.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A service instance; `leaseSeconds` short by default, so that a killed instance's work is taken over soon. */
  async function instance(name: string, leaseSeconds = 2): Promise<Service> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DB_TYPE: testDbType(),
      DB_PATH: db.path,
      DATABASE_URL: db.url ?? '',
      SEED_DEMO: 'false',
      LOG_DIR: join(dir, `logs-${name}`),
      LOG_STDOUT: 'false',
      EVENT_LISTENERS: 'webhook',
      WEBHOOK_URLS: receiver.url,
      WEBHOOK_SECRET: SECRET,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_TIMEOUT_MS: '60000',
      EVENT_LEASE_SECONDS: String(leaseSeconds),
      EVENT_RETRY_BASE_SECONDS: '1',
      EVENT_POLL_MS: '100',
    };
    if (!db.url) delete env.DATABASE_URL;
    const s = await startService({ cwd: dir, env });
    children.push(s.child);
    return s;
  }

  async function demoToken(base: string): Promise<string> {
    const res = await fetch(`${base}/www/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  async function deliveryStates(): Promise<Array<{ status: string; n: number }>> {
    const rows: Array<{ status: string; n: unknown }> = await dataSource.query(
      `SELECT "status", COUNT(*) AS "n" FROM "rest_event_delivery" GROUP BY "status" ORDER BY "status"`,
    );
    return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
  }

  /**
   * Appends `n` event rows as the write path does, committed in batches of up to 100 while the
   * relays are polling; returns the first id.
   */
  async function appendEvents(n: number): Promise<number> {
    const [range] = await dataSource.query(
      `SELECT "LetzteNr" FROM "Nummernkreis" WHERE "Name" = 'REST_EVENT'`,
    );
    const first = Number(range.LetzteNr) + 1;
    for (let i = 0; i < n; i += 100) {
      const values = Array.from({ length: Math.min(100, n - i) }, (_, k) => first + i + k);
      await dataSource.transaction(async (m) => {
        await m.query(
          `INSERT INTO "rest_event" ("id", "event", "obj_key", "action", "user_name", "occurred_at", "fanned_out") VALUES ` +
            values
              .map((id) => `(${id}, 'REST_Kunde', '${20000 + id}', 'updated', 'demo', CURRENT_TIMESTAMP, 0)`)
              .join(', '),
        );
        await m.query(
          `UPDATE "Nummernkreis" SET "LetzteNr" = ${values[values.length - 1]} WHERE "Name" = 'REST_EVENT'`,
        );
      });
    }
    return first;
  }

  it('a service killed while a webhook is in flight: the next one sends the same event again, same webhook-id', async () => {
    const a = await instance('a');
    receiver.answer = () => 'hang';
    const token = await demoToken(a.base);
    const res = await fetch(`${a.base}/www/auftrag`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ GrundDaten: { KundNr: '10001' }, Positionen: [{ ArtNr: '1000', Menge: 1 }] }),
    });
    expect(res.status).toBe(201);
    const auftNr = ((await res.json()) as { data: { AuftNr: string } }).data.AuftNr;
    await eventually(() => receiver.events().length === 1, 15_000, 'the first, hanging delivery');

    await stopService(a.child, 'SIGKILL');
    receiver.answer = () => ({ status: 204 });
    await instance('b');
    await eventually(async () => (await deliveryStates())[0]?.status === 'delivered', 30_000, 'delivered');

    const got = receiver.events();
    expect(got.length).toBe(2);
    expect(got.map((r) => r.headers['webhook-id'])).toEqual([got[0].json.id, got[0].json.id]);
    expect(got[1].json).toEqual(got[0].json);
    expect(got[1].json).toMatchObject({
      event: 'REST_Auft',
      AuftNr: auftNr,
      action: 'created',
      user: 'demo',
    });
    for (const r of got) expect(verifySignature(SECRET, r)).toBe(true);
    expect(await deliveryStates()).toEqual([{ status: 'delivered', n: 1 }]);
  });

  it('deliveries slower than their lease: the instance sending them keeps them, the other does not send them again', async () => {
    // 2 s leases, a receiver that answers after 5 s: without renewal the other instance would
    // claim every delivery again once its lease ran out and send it a second time.
    await Promise.all([instance('a'), instance('b')]);
    receiver.answer = () => ({ status: 204, afterMs: 5000 });
    const first = await appendEvents(10);
    await eventually(
      async () => {
        const states = await deliveryStates();
        return states.length === 1 && states[0].status === 'delivered' && states[0].n === 10;
      },
      60_000,
      '10 deliveries delivered',
    );
    // Longer than a lease: a delivery taken over late would arrive now.
    await new Promise((r) => setTimeout(r, 3000));
    const ids = receiver.events().map((r) => r.headers['webhook-id'] as string);
    expect([...ids].sort()).toEqual(
      Array.from({ length: 10 }, (_, k) => String(first + k).padStart(12, '0')),
    );
    const [row] = await dataSource.query(`SELECT MAX("attempts") AS "attempts" FROM "rest_event_delivery"`);
    expect(Number(row.attempts)).toBe(1);
  });

  it('two instances deliver 1,000 events: none lost, none sent twice', async () => {
    // Long leases: this test is about sharing the work; the one before it is about leases that a
    // round of deliveries outlasts.
    await Promise.all([instance('a', 30), instance('b', 30)]);
    // A prompt receiver: a slow one gets at most a lane's deliveries at once from each instance.
    receiver.answer = () => ({ status: 204 });
    const N = 1000;
    const first = await appendEvents(N);
    await eventually(
      async () => {
        const states = await deliveryStates();
        return states.length === 1 && states[0].status === 'delivered' && states[0].n === N;
      },
      120_000,
      `${N} deliveries delivered`,
    );
    await new Promise((r) => setTimeout(r, 1000));
    const ids = receiver.events().map((r) => r.headers['webhook-id'] as string);
    expect(ids.length).toBe(N);
    expect(new Set(ids).size).toBe(N);
    const expected = Array.from({ length: N }, (_, k) => String(first + k).padStart(12, '0'));
    expect([...ids].sort()).toEqual(expected);
  });
});
