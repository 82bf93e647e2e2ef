import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';

// autocannon ships no types; this is the part of its programmatic API used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: Record<string, unknown>) => Promise<CannonResult>;

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}

type Db = 'sqlite' | 'postgres';

/**
 * npm run bench -- orders [--db sqlite|postgres|both] [--seconds 10] [--connections 16] [--prices determined|explicit]
 * Serves the app in-process on 127.0.0.1 on a fresh demo database (a temporary SQLite file, or a
 * temporary erp_test_* PostgreSQL database that is dropped afterwards) and POSTs 5-line orders
 * with unique AuftBestellNr through autocannon: orders per second and latency percentiles.
 * Each database runs in its own process (the entities read DB_TYPE when they load).
 */
export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      db: { type: 'string', default: 'both' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '16' },
      prices: { type: 'string', default: 'determined' },
      child: { type: 'boolean', default: false },
    },
  });
  const seconds = Math.min(Math.max(Number(values.seconds) || 10, 1), 120);
  const connections = Math.min(Math.max(Number(values.connections) || 16, 1), 256);
  const explicit = values.prices === 'explicit';
  const dbs: Db[] =
    values.db === 'both' ? ['sqlite', 'postgres'] : [values.db === 'postgres' ? 'postgres' : 'sqlite'];

  if (!values.child) {
    for (const db of dbs) {
      const child = spawnSync(
        process.execPath,
        [
          '-r',
          'ts-node/register',
          '-r',
          'tsconfig-paths/register',
          join(__dirname, 'run.ts'),
          'orders',
          '--child',
          '--db',
          db,
          '--seconds',
          String(seconds),
          '--connections',
          String(connections),
          '--prices',
          explicit ? 'explicit' : 'determined',
        ],
        { stdio: 'inherit', env: { ...process.env, DB_TYPE: db, TS_NODE_TRANSPILE_ONLY: 'true' } },
      );
      if (child.status !== 0) throw new Error(`bench orders on ${db} failed (exit ${child.status})`);
    }
    return;
  }
  await runOn(dbs[0], seconds, connections, explicit);
}

async function runOn(db: Db, seconds: number, connections: number, explicit: boolean): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-orders-'));
  const database = await prepareDatabase(db, dir);
  try {
    const app = await startApp();
    try {
      const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
      const token = await login(base);
      await measure(base, token, 2, connections, explicit, 'warm-up');
      const cpuBefore = process.cpuUsage();
      const r = await measure(base, token, seconds, connections, explicit, 'bench');
      const cpu = process.cpuUsage(cpuBefore);
      const orders = r['2xx'] / (r.duration || seconds);
      const cpuPerOrder = (cpu.user + cpu.system) / 1000 / Math.max(r['2xx'], 1);
      console.log(
        `${db.padEnd(9)} 5-line orders (${explicit ? 'explicit' : 'determined'} prices), ${connections} connections, ` +
          `${seconds} s: ${orders.toFixed(0)} orders/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ` +
          `max ${r.latency.max} ms, created ${r['2xx']}, failed ${r.non2xx + r.errors + r.timeouts}; ` +
          `node CPU ${cpuPerOrder.toFixed(2)} ms per order (service and load generator); load average ${loadavg()[0].toFixed(1)}`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function prepareDatabase(db: Db, dir: string): Promise<{ dispose: () => Promise<void> }> {
  const { erpDataSourceOptions, seedDemo } = await import('@app/erp-db');
  const settings: Record<string, string> = {
    DB_TYPE: db,
    SEED_DEMO: 'false',
    LOG_DIR: join(dir, 'logs'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
  };
  let dispose = async (): Promise<void> => undefined;
  if (db === 'sqlite') {
    settings.DB_PATH = join(dir, 'erp.sqlite');
  } else {
    const { createPgDatabase, dropPgDatabase, uniqueName, urlForDatabase } =
      await import('../test/support/test-databases');
    const name = uniqueName('bench');
    await createPgDatabase(name);
    const adminUrl = process.env.DATABASE_URL;
    settings.DATABASE_URL = urlForDatabase(name);
    dispose = async () => {
      // the helpers reach the server through DATABASE_URL: give them the administrative one back
      if (adminUrl === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = adminUrl;
      await dropPgDatabase(name);
    };
  }
  Object.assign(process.env, settings);
  const ds = await new DataSource(
    erpDataSourceOptions({ type: db, path: settings.DB_PATH ?? '', url: settings.DATABASE_URL }),
  ).initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
    await seedDemo(ds);
  } finally {
    await ds.destroy();
  }
  return { dispose };
}

async function startApp(): Promise<NestFastifyApplication> {
  // imported late: the entities read DB_TYPE when they load
  const { AppModule } = await import('../src/app.module');
  const { loadAppConfig } = await import('../src/common/config/app-config');
  const { configureApp, fastifyOptions } = await import('../src/common/http/http-setup');
  const config = loadAppConfig();
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule,
    new FastifyAdapter(fastifyOptions(config)),
    {
      bodyParser: false,
      logger: ['error'],
    },
  );
  configureApp(app, config);
  await app.listen(0, '127.0.0.1');
  return app;
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/www/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` },
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A web-shop order: 5 lines, one in a packaging unit, unique AuftBestellNr, two payment labels. */
function shopOrder(i: number, tag: string, explicit: boolean): unknown {
  const price = (p: number) => (explicit ? { Preis: p } : {});
  return {
    GrundDaten: {
      KundNr: i % 3 === 0 ? '10002' : '10001',
      AuftBestellNr: `${tag}-${process.pid}-${i}`,
      AuftBestellT: new Date().toISOString(),
      AuftBez: 'Webshop',
    },
    Positionen: [
      { ArtNr: '1000', Menge: 1 + (i % 60), ...price(18.5) },
      { ArtNr: '1004', Menge: 12, VPEinheit: 'KAR', ...price(5.4) },
      { ArtNr: '1001', Menge: 1, GRabSatz: 5, ...price(349) },
      { ArtNr: String(1006 + (i % 250)), Menge: 2, ...price(12.9) },
      { ArtNr: String(1010 + (i % 200)), Menge: 3, ...price(7.5) },
    ],
    Zahlung: [
      { Bezeichnung: 'Dienstleister', Wert: 'Datatrans' },
      { Bezeichnung: 'TransID', Wert: `T${i}` },
    ],
  };
}

function measure(
  base: string,
  token: string,
  seconds: number,
  connections: number,
  explicit: boolean,
  tag: string,
): Promise<CannonResult> {
  let i = 0;
  return autocannon({
    url: `${base}/www/auftrag`,
    method: 'POST',
    duration: seconds,
    connections,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => ({
          ...req,
          body: JSON.stringify(shopOrder(i++, tag, explicit)),
        }),
      },
    ],
  });
}
