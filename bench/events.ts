import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connect } from 'amqplib';
import { sqliteDriver } from '@app/erp-db';
import { Client } from 'pg';
import { line, median, QUERY_COUNTER, RunResult, runOn } from './orders';
import { compileProject, ROOT } from './support/compile';
import { freePort, freshDatabase, serviceNodeOptions, startServer, stop } from './support/service';

type Db = 'sqlite' | 'postgres';

const SECRET = `whsec_${Buffer.alloc(32, 5).toString('base64')}`;
const AMQP_URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

/**
 * npm run bench -- events [--db postgres|sqlite] [--events 5000] [--seconds 10] [--connections 16]
 *   [--runs 3] [--skip-orders] [--skip-delivery]
 *
 * 1. Delivery: the compiled service on a fresh demo database with one listener (`webhook` to a
 *    local HTTP receiver in this process that answers 204, then `amqp` to the local RabbitMQ);
 *    N event rows are committed into the outbox in batches of 500, and the time from the first
 *    commit until every delivery is marked delivered gives events/s (fan-out, claim, send,
 *    confirm and mark included).
 * 2. Cost on the write path: POST /www/auftrag through autocannon (the orders bench's load) on
 *    PostgreSQL with events on (company attribute present, the default `log` listener) and off
 *    (ATTRIBUTE_EVENTS=NOEVENTS, an attribute the company lacks), alternating, --runs times each; the
 *    ratio of the medians is what events cost an order (target: on >= 90 % of off).
 */
export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      db: { type: 'string', default: 'postgres' },
      events: { type: 'string', default: '5000' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '16' },
      runs: { type: 'string', default: '3' },
      'skip-orders': { type: 'boolean', default: false },
      'skip-delivery': { type: 'boolean', default: false },
    },
  });
  const db: Db = values.db === 'sqlite' ? 'sqlite' : 'postgres';
  const events = Math.min(Math.max(Number(values.events) || 5000, 100), 100_000);
  const seconds = Math.min(Math.max(Number(values.seconds) || 10, 1), 120);
  const connections = Math.min(Math.max(Number(values.connections) || 16, 1), 256);
  const runs = Math.min(Math.max(Number(values.runs) || 3, 1), 20);
  const dir = mkdtempSync(join(tmpdir(), 'bench-events-'));
  try {
    const counter = join(dir, 'count-queries.js');
    writeFileSync(counter, QUERY_COUNTER);
    const main = [...serviceNodeOptions(), '-r', counter, join(compileProject(dir), 'src', 'main.js')];
    console.log(
      `${cpus().length} CPU cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; compiled service in its own process, LOG_LEVEL=warn`,
    );
    if (!values['skip-delivery']) {
      for (const listener of ['webhook', 'amqp'] as const) {
        const r = await deliveryRun(db, listener, events, main, dir);
        console.log(
          `delivery  ${db} ${listener.padEnd(8)} ${events} events in ${(r.ms / 1000).toFixed(2)} s: ` +
            `${((events * 1000) / r.ms).toFixed(0)} events/s; received ${r.received} (distinct ids ${r.distinct})`,
        );
      }
    }
    if (!values['skip-orders']) {
      const load = { explicit: false, idempotencyKey: false };
      const modes = {
        off: { ATTRIBUTE_EVENTS: 'NOEVENTS' },
        on: { EVENT_LISTENERS: 'log' },
      };
      const results: Record<keyof typeof modes, RunResult[]> = { off: [], on: [] };
      for (let i = 0; i < runs; i++) {
        for (const mode of ['off', 'on'] as const) {
          const r = await runOn('postgres', main, dir, seconds, connections, load, null, modes[mode]);
          results[mode].push(r);
          console.log(`events ${mode.padEnd(3)} ${line(r)}`);
        }
      }
      const med = (rs: RunResult[]) => median(rs.map((r) => r.orders).sort((a, b) => a - b));
      const off = med(results.off);
      const on = med(results.on);
      console.log(
        `orders/s on postgres, median of ${runs}: events off ${off.toFixed(0)}, events on ${on.toFixed(0)} ` +
          `= ${((on / off) * 100).toFixed(1)} % (target >= 90 %)`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface DeliveryResult {
  ms: number;
  received: number;
  distinct: number;
}

async function deliveryRun(
  db: Db,
  listener: 'webhook' | 'amqp',
  n: number,
  main: string[],
  dir: string,
): Promise<DeliveryResult> {
  const runDir = mkdtempSync(join(dir, `${listener}-`));
  const ids: string[] = [];
  let server: Server | null = null;
  let stopAmqp = async (): Promise<void> => undefined;
  const settings: NodeJS.ProcessEnv = { EVENT_LISTENERS: listener, EVENT_POLL_MS: '100' };
  if (listener === 'webhook') {
    server = createServer((req, res) => {
      ids.push(String(req.headers['webhook-id']));
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((ok) => server!.listen(0, '127.0.0.1', ok));
    const port = (server.address() as { port: number }).port;
    Object.assign(settings, {
      WEBHOOK_URLS: `http://127.0.0.1:${port}/hook`,
      WEBHOOK_SECRET: SECRET,
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
  } else {
    const exchange = `erp.events.bench.${process.pid}`;
    const queue = `erp-bench-${process.pid}`;
    const connection = await connect(AMQP_URL);
    const channel = await connection.createChannel();
    await channel.assertExchange(exchange, 'topic', { durable: true });
    await channel.assertQueue(queue, { durable: false, autoDelete: false });
    await channel.bindQueue(queue, exchange, '#');
    await channel.consume(queue, (m) => m && ids.push(String(m.properties.messageId)), { noAck: true });
    Object.assign(settings, { AMQP_URL, AMQP_EXCHANGE: exchange });
    stopAmqp = async () => {
      await channel.deleteQueue(queue);
      await channel.deleteExchange(exchange);
      await connection.close();
    };
  }

  const database = await freshDatabase(db, runDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SEED_DEMO: 'true',
    HOST: '127.0.0.1',
    PORT: await freePort(),
    LOG_DIR: join(runDir, 'logs'),
    LOG_LEVEL: 'warn',
    NODE_PATH: join(ROOT, 'node_modules'),
    ...database.settings,
    ...settings,
  };
  try {
    const service = await startServer(main, env);
    const ds = await rawDb(db, env.DB_PATH ?? '', env.DATABASE_URL ?? '');
    try {
      const range = await ds.one(`SELECT "LetzteNr" FROM "Nummernkreis" WHERE "Name" = 'REST_EVENT'`);
      const first = Number(range.LetzteNr) + 1;
      const started = performance.now();
      for (let i = 0; i < n; i += 500) {
        const count = Math.min(500, n - i);
        const rows = Array.from({ length: count }, (_, k) => first + i + k).map(
          (id) => `(${id}, 'REST_Auft', '${id}', 'created', 'bench', CURRENT_TIMESTAMP, 0)`,
        );
        await ds.transaction([
          `INSERT INTO "rest_event" ("id", "event", "obj_key", "action", "user_name", "occurred_at", "fanned_out") VALUES ${rows.join(', ')}`,
          `UPDATE "Nummernkreis" SET "LetzteNr" = ${first + i + count - 1} WHERE "Name" = 'REST_EVENT'`,
        ]);
      }
      const deadline = Date.now() + 600_000;
      for (;;) {
        const row = await ds.one(
          `SELECT COUNT(*) AS "n" FROM "rest_event_delivery" WHERE "status" = 'delivered'`,
        );
        if (Number(row.n) >= n) break;
        if (Date.now() > deadline) throw new Error(`only ${row.n} of ${n} delivered within 10 minutes`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const ms = performance.now() - started;
      await new Promise((r) => setTimeout(r, 500));
      return { ms, received: ids.length, distinct: new Set(ids).size };
    } finally {
      await ds.close();
      await stop(service.child);
    }
  } finally {
    await database.dispose();
    await stopAmqp();
    server?.close();
  }
}

/** The few statements the bench sends itself (no entities: their column types follow DB_TYPE). */
interface RawDb {
  one(sql: string): Promise<Record<string, unknown>>;
  transaction(statements: string[]): Promise<void>;
  close(): Promise<void>;
}

async function rawDb(db: Db, path: string, url: string): Promise<RawDb> {
  if (db === 'sqlite') {
    const d = new (sqliteDriver())(path);
    d.pragma('busy_timeout = 10000');
    return {
      one: async (sql) => d.prepare(sql).get() as Record<string, unknown>,
      transaction: async (statements) => {
        d.transaction(() => statements.forEach((x) => d.exec(x)))();
      },
      close: async () => {
        d.close();
      },
    };
  }
  const c = new Client({ connectionString: url });
  await c.connect();
  return {
    one: async (sql) => (await c.query(sql)).rows[0] as Record<string, unknown>,
    transaction: async (statements) => {
      await c.query('BEGIN');
      for (const x of statements) await c.query(x);
      await c.query('COMMIT');
    },
    close: () => c.end(),
  };
}
