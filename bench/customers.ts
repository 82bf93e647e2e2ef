import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { erpDataSourceOptions, seedDemo } from '@app/erp-db';
import { freshDatabase, login } from './support/service';

// autocannon ships no types; this is the part of its programmatic API used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: Record<string, unknown>) => Promise<CannonResult>;

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface Scenario {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  path: string;
  body?: (i: number) => unknown;
  /** Request headers beside the token (the conditional writes' If-Match). */
  headers?: Record<string, string>;
}

/**
 * npm run bench -- customers [--customers 20000] [--seconds 5] [--connections 10]
 *   [--only <text>]
 * Serves the app in-process on 127.0.0.1 with a temporary SQLite database (with DB_TYPE=postgres:
 * a temporary erp_test_* PostgreSQL database, dropped afterwards) holding the demo data plus generated
 * customers; --only keeps the scenarios whose name contains the text, and measures the customer and address endpoints with autocannon:
 * requests per second, median and 99th-percentile latency, and every non-2xx answer, each after
 * a one-second warm-up.
 */
export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      customers: { type: 'string', default: '20000' },
      seconds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      only: { type: 'string', default: '' },
    },
  });
  // The entities take their column types from DB_TYPE when they load, before this runs.
  const db = process.env.DB_TYPE === 'postgres' ? 'postgres' : 'sqlite';
  const customers = Math.min(Math.max(Number(values.customers) || 2, 2), 200000);
  const seconds = Math.min(Math.max(Number(values.seconds) || 5, 1), 60);
  const connections = Math.min(Math.max(Number(values.connections) || 10, 1), 200);

  const dir = mkdtempSync(join(tmpdir(), 'bench-customers-'));
  const database = await freshDatabase(db, dir);
  const adminUrl = process.env.DATABASE_URL;
  Object.assign(process.env, {
    ...database.settings,
    SEED_DEMO: 'false',
    LOG_DIR: join(dir, 'logs'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
  });
  try {
    const seeded = Date.now();
    const ds = await new DataSource(
      erpDataSourceOptions(
        db === 'sqlite'
          ? { type: 'sqlite', path: String(database.settings.DB_PATH) }
          : { type: 'postgres', path: '', url: String(database.settings.DATABASE_URL) },
      ),
    ).initialize();
    await ds.runMigrations({ transaction: 'each' });
    await seedDemo(ds, { customers });
    await ds.destroy();
    console.log(
      `database: ${database.pgName ?? 'SQLite'}, ${customers} customers (seeded in ${Date.now() - seeded} ms)`,
    );

    const app = await startApp();
    try {
      const url = await app.getUrl();
      const base = url.replace('[::1]', '127.0.0.1');
      const token = await login(base);
      const last = 10000 + customers;
      const scenarios: Scenario[] = [
        { name: 'GET /www/kunden/10001', method: 'GET', path: '/www/kunden/10001' },
        { name: 'GET /www/kunden/10001?order=5', method: 'GET', path: '/www/kunden/10001?order=5' },
        { name: 'GET /www/auftrag/100001', method: 'GET', path: '/www/auftrag/100001' },
        { name: 'GET /www/artikel/1000', method: 'GET', path: '/www/artikel/1000' },
        { name: `GET /www/kunden/${last}`, method: 'GET', path: `/www/kunden/${last}` },
        { name: 'GET /www/adressen?debinr=10001', method: 'GET', path: '/www/adressen?debinr=10001' },
        { name: 'GET /www/adressen/1', method: 'GET', path: '/www/adressen/1' },
        {
          name: `GET /www/adressensuche (e-mail among ${customers})`,
          method: 'GET',
          path: `/www/adressensuche?EmailAdress=kunde${customers}@example.ch`,
        },
        {
          name: 'GET /www/adressensuche (firm + postal code)',
          method: 'GET',
          path: '/www/adressensuche?AdrFirma=muster%20ag&OrtPLZ=8400',
        },
        {
          name: 'PATCH /www/adressen/1',
          method: 'PATCH',
          path: '/www/adressen/1',
          body: (i) => ({ AdrTf2: `044 ${i}` }),
        },
        {
          // Parallel writes of one row cannot all hold its current tag; `*` runs the whole check
          // (read, representation, tag, conditional UPDATE) and always matches.
          name: 'PATCH /www/adressen/1 (If-Match: *)',
          method: 'PATCH',
          path: '/www/adressen/1',
          body: (i) => ({ AdrTf2: `044 ${i}` }),
          headers: { 'if-match': '*' },
        },
        { name: 'POST /www/kunden (AdrCheck on)', method: 'POST', path: '/www/kunden', body: newCustomer },
        {
          name: 'PUT /www/kunden/10002',
          method: 'PUT',
          path: '/www/kunden/10002',
          body: (i) => ({ Kommentar: `Lauf ${i}` }),
        },
        {
          name: 'PUT /www/kunden/10002 (If-Match: *)',
          method: 'PUT',
          path: '/www/kunden/10002',
          body: (i) => ({ Kommentar: `Lauf ${i}` }),
          headers: { 'if-match': '*' },
        },
      ];
      console.log(`${seconds} s per scenario, ${connections} connections\n`);
      console.log(
        'scenario'.padEnd(52) +
          'req/s'.padStart(9) +
          'p50 ms'.padStart(9) +
          'p99 ms'.padStart(9) +
          '  non-2xx',
      );
      for (const s of scenarios.filter((x) => x.name.includes(values.only))) {
        await measure(base, token, s, 1, connections); // warm-up, not reported
        const r = await measure(base, token, s, seconds, connections);
        console.log(
          s.name.padEnd(52) +
            r.requests.average.toFixed(0).padStart(9) +
            String(r.latency.p50).padStart(9) +
            String(r.latency.p99).padStart(9) +
            `  ${r.non2xx + r.errors + r.timeouts}`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    // The temporary database is dropped through the admin connection, not through itself.
    if (adminUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = adminUrl;
    await database.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function startApp(): Promise<NestFastifyApplication> {
  // imported late: the entities read DB_TYPE when they load
  const { AppModule } = await import('../src/app.module');
  const { loadAppConfig } = await import('../src/common/config/app-config');
  const { configureApp, fastifyOptions } = await import('../src/http-setup');
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

export function newCustomer(i: number): unknown {
  return {
    GrundDaten: { WaehrAbk: 'CHF', FAKTZahlArt: 'L', Kommentar: 'Benchmark' },
    Adressen: {
      KontaktAdr: {
        AdrSprache: 'ger',
        AdrAnrede: 1,
        AdrVorname: 'Jürg',
        AdrName: `Bänziger ${i}`,
        AdrAdresse1: 'Bahnhofstrasse 1',
        OrtLand: 'CH',
        OrtPLZ: '8001',
        OrtName: 'zurich',
      },
    },
  };
}

async function measure(
  base: string,
  token: string,
  s: Scenario,
  seconds: number,
  connections: number,
): Promise<CannonResult> {
  let i = 0;
  const body = s.body;
  return autocannon({
    url: base + s.path,
    method: s.method,
    duration: seconds,
    connections,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...s.headers },
    ...(body
      ? {
          requests: [
            {
              setupRequest: (req: Record<string, unknown>) => ({ ...req, body: JSON.stringify(body(i++)) }),
            },
          ],
        }
      : {}),
  });
}
