import { execFileSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { Client } from 'pg';
import request from 'supertest';
import { sqliteDriver } from '@app/erp-db';
import { adminUrl, testDbType } from './support/test-databases';
import { createTestApp, json, TestApp } from './support/test-app';
import { eventually, WebhookReceiver } from './support/webhook-receiver';

jest.setTimeout(60_000);

/** What a client is told while the database is away (DECISIONS D13). */
const UNAVAILABLE = {
  error: 'service_unavailable',
  error_description: 'The database is not available at the moment; retry after the seconds in Retry-After.',
  info: { database: 'down' },
};

interface Answer {
  status: number;
  body: unknown;
  retryAfter: string | undefined;
  startedAt: number;
  ms: number;
}

/** Orders posted by `clients` loops, each order retried with its AuftBestellNr until it is stored. */
class OrderLoad {
  readonly acknowledged = new Map<string, string>();
  readonly answers: Answer[] = [];
  private stopping = false;
  private running: Promise<void>[] = [];

  constructor(
    private readonly t: TestApp,
    private readonly token: string,
    private readonly tag: string,
  ) {}

  start(clients: number): void {
    this.running = Array.from({ length: clients }, (_, c) => this.client(c));
  }

  /** Lets every loop finish the order it is on (retrying it until stored), then stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running);
  }

  private async client(c: number): Promise<void> {
    for (let n = 0; !this.stopping; n++) {
      const bestellNr = `${this.tag}-${c}-${n}`;
      for (;;) {
        const answer = await this.post(bestellNr);
        if (answer.status === 200 || answer.status === 201) {
          this.acknowledged.set(bestellNr, (answer.body as { data: { AuftNr: string } }).data.AuftNr);
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  private async post(bestellNr: string): Promise<Answer> {
    const startedAt = Date.now();
    const res = await request(this.t.server)
      .post('/www/auftrag')
      .set('Authorization', `Bearer ${this.token}`)
      .send({
        GrundDaten: { KundNr: '10001', AuftBestellNr: bestellNr },
        Positionen: [{ ArtNr: '1000', Menge: 1 }],
      })
      .parse(json);
    const answer = {
      status: res.status,
      body: res.body as unknown,
      retryAfter: res.headers['retry-after'] as string | undefined,
      startedAt,
      ms: Date.now() - startedAt,
    };
    this.answers.push(answer);
    return answer;
  }
}

/** Statements of the PostgreSQL superuser on the test's own erp_test_* database. */
class PgAdmin {
  private readonly client = new Client({ connectionString: adminUrl() });

  constructor(readonly database: string) {
    if (!database.startsWith('erp_test_')) throw new Error(`not a test database: ${database}`);
  }

  async connect(): Promise<void> {
    await this.client.connect();
  }

  async terminateBackends(): Promise<number> {
    const res = await this.client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [this.database],
    );
    return res.rowCount ?? 0;
  }

  async allowConnections(allow: boolean): Promise<void> {
    await this.client.query(`ALTER DATABASE "${this.database}" ALLOW_CONNECTIONS ${allow}`);
  }

  end(): Promise<void> {
    return this.client.end();
  }
}

if (testDbType() === 'postgres')
  describe('PostgreSQL away and back under load (D13)', () => {
    let t: TestApp;
    let admin: PgAdmin;
    const receiver = new WebhookReceiver();

    beforeAll(async () => {
      await receiver.start();
      t = await createTestApp({
        EVENT_LISTENERS: 'webhook',
        WEBHOOK_URLS: receiver.url,
        WEBHOOK_SECRET: `whsec_${Buffer.from('outage-test-signing-key-32-bytes').toString('base64')}`,
        EVENT_RETRY_BASE_SECONDS: '1',
        EVENT_POLL_MS: '100',
      });
      admin = new PgAdmin(new URL(t.config.databaseUrl!).pathname.slice(1));
      await admin.connect();
    });
    afterAll(async () => {
      await admin?.allowConnections(true);
      await admin?.end();
      await t?.close();
      await receiver.stop();
    });

    it('survives terminated connections, answers 503 fast while refused, serves again, stores each order once', async () => {
      const token = await t.token();
      const load = new OrderLoad(t, token, `outage-${process.pid}`);
      load.start(8);
      await eventually(() => load.acknowledged.size >= 16, 15_000, 'orders before the cut');

      // Every connection of the service terminated, as on a failover or a pooler dropping them.
      expect(await admin.terminateBackends()).toBeGreaterThan(0);
      const before = load.acknowledged.size;
      await eventually(() => load.acknowledged.size >= before + 16, 10_000, 'orders after the cut');

      // The database refuses connections for a while.
      await admin.allowConnections(false);
      await admin.terminateBackends();
      const cut = Date.now();
      await eventually(
        () => load.answers.filter((a) => a.startedAt >= cut).length >= 16 && Date.now() - cut >= 2000,
        15_000,
        'answers during the outage',
      );
      const health = await request(t.server).get('/health').parse(json);
      expect({ status: health.status, body: health.body as unknown }).toEqual({
        status: 200,
        body: { status: 'ok' },
      });
      const ready = await request(t.server).get('/ready').parse(json);
      expect({ status: ready.status, body: ready.body as unknown }).toEqual({
        status: 503,
        body: {
          error: 'service_unavailable',
          error_description: 'The database cannot be reached.',
          info: { database: 'down', migrations: 'unknown' },
        },
      });
      // The metrics still answer, so that an operator sees the outage.
      expect((await request(t.server).get('/metrics')).status).toBe(200);
      const restored = Date.now();
      await admin.allowConnections(true);
      const during = load.answers.filter((a) => a.startedAt >= cut && a.startedAt + a.ms < restored);
      for (const a of during)
        expect({ status: a.status, body: a.body, retryAfter: a.retryAfter, slow: a.ms > 3000 }).toEqual({
          status: 503,
          body: UNAVAILABLE,
          retryAfter: '2',
          slow: false,
        });

      // Back within 5 s, without a restart.
      const stored = load.acknowledged.size;
      await eventually(() => load.acknowledged.size > stored, 5000, 'an order stored after the outage');
      await eventually(
        async () => (await request(t.server).get('/ready')).status === 200,
        5000,
        '/ready 200 after the outage',
      );
      await load.stop();

      // Nothing but 201, 200 (a retried order already stored) and 503 at any time.
      expect(
        [...new Set(load.answers.map((a) => a.status))].filter((s) => ![200, 201, 503].includes(s)),
      ).toEqual([]);
      const rows = await t.dataSource.query<{ AuftBestellNr: string; AuftNr: string }[]>(
        'SELECT "AuftBestellNr", "AuftNr" FROM "Auftrag" WHERE "AuftBestellNr" LIKE $1',
        [`outage-${process.pid}-%`],
      );
      expect(new Map(rows.map((r) => [r.AuftBestellNr, String(r.AuftNr)]))).toEqual(load.acknowledged);
      expect(rows.length).toBe(load.acknowledged.size);
    });

    it('an event written before an outage is delivered after it, once', async () => {
      const accepted: string[] = [];
      let accepting = false;
      receiver.answer = (r) => {
        if (!accepting) return { status: 503 };
        accepted.push((JSON.parse(r.body) as { id: string }).id);
        return { status: 200 };
      };
      const order = await request(t.server)
        .post('/www/auftrag')
        .set('Authorization', `Bearer ${await t.token()}`)
        .send({
          GrundDaten: { KundNr: '10001', AuftBestellNr: `relay-${process.pid}` },
          Positionen: [{ ArtNr: '1000', Menge: 1 }],
        })
        .parse(json)
        .expect(201);
      const auftNr = (order.body as { data: { AuftNr: string } }).data.AuftNr;
      const delivery = async (id: string) =>
        (
          await t.dataSource.query<{ status: string; next_attempt_at: Date }[]>(
            `SELECT "status", "next_attempt_at" FROM "rest_event_delivery" WHERE "event_id" = $1 AND "listener" = 'webhook'`,
            [Number(id)],
          )
        )[0];
      let id = '';
      await eventually(
        async () => {
          id = receiver.events().find((m) => m.json.AuftNr === auftNr)?.json.id ?? '';
          return id !== '' && (await delivery(id))?.status === 'pending';
        },
        10_000,
        'a first attempt, refused by the receiver',
      );
      const retryDue = (await delivery(id)).next_attempt_at.getTime();

      // The database goes away before the retry falls due, and comes back after it.
      await admin.allowConnections(false);
      await admin.terminateBackends();
      accepting = true;
      await eventually(() => Date.now() > retryDue + 500, 10_000, 'the retry due during the outage');
      expect(accepted).toEqual([]);
      await admin.allowConnections(true);

      await eventually(
        async () => (await delivery(id)).status === 'delivered',
        10_000,
        'the delivery recorded',
      );
      expect(accepted.filter((a) => a === id)).toEqual([id]);
    });
  });

/**
 * Makes a file read-only for the process that has it open: file modes do not stop root (nor a
 * descriptor opened before), the immutable attribute stops both.
 */
function readOnly(file: string, on: boolean): void {
  if (process.getuid?.() === 0) execFileSync('chattr', [on ? '+i' : '-i', file]);
  else chmodSync(file, on ? 0o444 : 0o644);
}

if (testDbType() === 'sqlite')
  describe('SQLite file locked or read-only (D13)', () => {
    let t: TestApp;
    let token: string;

    beforeAll(async () => {
      t = await createTestApp();
      token = await t.token();
    });
    afterAll(async () => {
      await t?.close();
    });

    const post = (bestellNr: string) =>
      request(t.server)
        .post('/www/auftrag')
        .set('Authorization', `Bearer ${token}`)
        .send({
          GrundDaten: { KundNr: '10001', AuftBestellNr: bestellNr },
          Positionen: [{ ArtNr: '1000', Menge: 1 }],
        })
        .parse(json);
    const stored = async (bestellNr: string): Promise<number> =>
      (
        await t.dataSource.query<{ n: number }[]>(
          'SELECT COUNT(*) AS n FROM "Auftrag" WHERE "AuftBestellNr" = ?',
          [bestellNr],
        )
      )[0].n;
    const expectUnavailable = (res: request.Response): void =>
      expect({
        status: res.status,
        body: res.body as unknown,
        retryAfter: res.headers['retry-after'],
      }).toEqual({
        status: 503,
        body: UNAVAILABLE,
        retryAfter: '2',
      });

    it('a write while another process holds the lock past the busy timeout: 503, nothing written, then served', async () => {
      const other = new (sqliteDriver())(t.config.dbPath);
      try {
        other.exec('BEGIN IMMEDIATE');
        expectUnavailable(await post('locked-1'));
        expect((await request(t.server).get('/health').parse(json)).status).toBe(200);
        other.exec('ROLLBACK');
      } finally {
        other.close();
      }
      expect(await stored('locked-1')).toBe(0);
      expect((await post('locked-1')).status).toBe(201);
      expect(await stored('locked-1')).toBe(1);
    });

    it('a write while the database files are read-only: 503, nothing written, then served', async () => {
      const files = ['', '-wal'].map((suffix) => `${t.config.dbPath}${suffix}`);
      for (const file of files) readOnly(file, true);
      try {
        expectUnavailable(await post('readonly-1'));
        expect((await request(t.server).get('/health').parse(json)).status).toBe(200);
      } finally {
        for (const file of files) readOnly(file, false);
      }
      expect(await stored('readonly-1')).toBe(0);
      expect((await post('readonly-1')).status).toBe(201);
      expect(await stored('readonly-1')).toBe(1);
    });
  });
