import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generatedOrderNumber, SeedSize } from '@app/erp-db';
import { newCustomer } from './customers';
import { QUERY_COUNTER } from './orders';
import { BenchDatabase, ensureBenchCatalogue } from './support/catalogue';
import { compileProject } from './support/compile';
import { freePort, login, Service, serviceNodeOptions, startServer, stop } from './support/service';

// autocannon ships no types; this is the part of its programmatic API used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: Record<string, unknown>) => Promise<CannonResult>;

interface CannonResult {
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  latency: { p99: number };
}

const ROOT = resolve(__dirname, '..');

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: (i: number) => unknown;
}

/** Customers and orders of one data set (articles: the seed's 300). */
interface DataSet {
  customers: number;
  orders: number;
}

interface Figures {
  rate: number;
  p99: number;
  failed: number;
  statements: number;
}

/**
 * The customer-facing records of a web shop's checkout on each data set, from the demo user (web
 * shop SHOP, so every web-shop test runs). The customer, address and order asked for are the
 * data set's last generated ones.
 */
function scenarios(set: DataSet): Scenario[] {
  const debiNr = String(10000 + set.customers);
  const auftNr = String(set.orders > 0 ? generatedOrderNumber(set.orders - 1) : 100001);
  return [
    { name: 'GET /www/kunden/{DebiNr}', method: 'GET', path: `/www/kunden/${debiNr}` },
    { name: 'GET /www/adressen?debinr=', method: 'GET', path: `/www/adressen?debinr=${debiNr}` },
    {
      name: 'GET /www/adressensuche?EmailAdress=',
      method: 'GET',
      path: `/www/adressensuche?EmailAdress=kunde${set.customers}@example.ch`,
    },
    {
      name: 'GET /www/adressensuche?AdrName=',
      method: 'GET',
      path: `/www/adressensuche?AdrName=${encodeURIComponent(`müller ${set.customers}`)}`,
    },
    { name: 'GET /www/auftrag/{AuftNr}', method: 'GET', path: `/www/auftrag/${auftNr}` },
    {
      name: 'POST /www/auftrag (2 lines)',
      method: 'POST',
      path: '/www/auftrag',
      body: (i) => ({
        GrundDaten: { KundNr: debiNr, AuftBestellNr: `records-${process.pid}-${Date.now()}-${i}` },
        Positionen: [
          { ArtNr: '1000', Menge: 2 },
          { ArtNr: '1001', Menge: 1 },
        ],
      }),
    },
    { name: 'POST /www/kunden', method: 'POST', path: '/www/kunden', body: newCustomer },
  ];
}

const parseSet = (text: string): DataSet => {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (!m)
    throw new Error(`A data set is <customers>/<orders>, e.g. 2000/10000, not ${JSON.stringify(text)}.`);
  return { customers: Math.max(Number(m[1]), 3), orders: Number(m[2]) };
};

/**
 * npm run bench -- records [--small 2000/10000] [--large 200000/400000] [--seconds 6]
 *   [--connections 16] [--only <text>]
 *
 * Every scenario of `scenarios` (--only: those whose name contains the text) on a small and a
 * large data set side by side (req/s, p99, the large set's rate in % of the small one's,
 * statements per request). The service is compiled
 * like `npm run build` and runs in its own process; it migrates the data set at start. Data
 * sets are kept between runs (seeded once when missing, with the time it took): SQLite
 * data/bench-records-<customers>-<orders>.sqlite, or with DB_TYPE=postgres the database of
 * DATABASE_URL with `_<customers>_<orders>` appended. The POST scenarios add their rows to them.
 * Statements per request: PostgreSQL every statement sent; SQLite the TypeORM queries only (not
 * the synchronous reads and write batches of the service's own connection).
 */
export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      small: { type: 'string', default: '2000/10000' },
      large: { type: 'string', default: '200000/400000' },
      seconds: { type: 'string', default: '6' },
      connections: { type: 'string', default: '16' },
      only: { type: 'string', default: '' },
    },
  });
  const sets = [parseSet(values.small), parseSet(values.large)];
  const seconds = Math.min(Math.max(Number(values.seconds) || 6, 1), 60);
  const connections = Math.min(Math.max(Number(values.connections) || 16, 1), 256);
  const postgres = process.env.DB_TYPE === 'postgres';
  const dir = mkdtempSync(join(tmpdir(), 'bench-records-'));
  try {
    const counter = join(dir, 'count-queries.js');
    writeFileSync(counter, QUERY_COUNTER);
    const main = [...serviceNodeOptions(), '-r', counter, join(compileProject(dir), 'src', 'main.js')];
    console.log(
      `${cpus().length} CPU cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ${postgres ? 'PostgreSQL' : 'SQLite'}, compiled service in its own process, ` +
        `${connections} connections, ${seconds} s per scenario after 1 s of warm-up`,
    );
    const results: Array<Map<string, Figures>> = [];
    for (const set of sets) {
      const target = dataSet(set, postgres);
      await ensureBenchCatalogue(target, { articles: 300, ...set } satisfies SeedSize);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        ...(target.type === 'sqlite' ? { DB_PATH: target.path } : { DATABASE_URL: target.url }),
        // The service migrates the data set itself (on PostgreSQL only with SEED_DEMO; it is not empty).
        SEED_DEMO: 'true',
        HOST: '127.0.0.1',
        PORT: await freePort(),
        LOG_DIR: join(dir, 'logs'),
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '0',
        NODE_PATH: join(ROOT, 'node_modules'),
      };
      const service = await startServer(main, env, true);
      try {
        const token = await login(service.base);
        const figures = new Map<string, Figures>();
        for (const s of scenarios(set).filter((x) => x.name.includes(values.only)))
          figures.set(s.name, await measure(service, token, s, seconds, connections));
        results.push(figures);
      } finally {
        await stop(service.child);
      }
    }
    report(sets, results);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function dataSet(set: DataSet, postgres: boolean): BenchDatabase {
  if (!postgres)
    return {
      type: 'sqlite',
      path: resolve(ROOT, 'data', `bench-records-${set.customers}-${set.orders}.sqlite`),
    };
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DB_TYPE=postgres needs DATABASE_URL (postgres://user@host:5432/db).');
  const url = new URL(base);
  url.pathname = `${url.pathname}_${set.customers}_${set.orders}`;
  return { type: 'postgres', url: url.toString() };
}

async function measure(
  service: Service,
  token: string,
  s: Scenario,
  seconds: number,
  connections: number,
): Promise<Figures> {
  let i = 0;
  const body = s.body;
  const options = (duration: number) => ({
    url: service.base + s.path,
    method: s.method,
    duration,
    connections,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body
      ? { requests: [{ setupRequest: (req: object) => ({ ...req, body: JSON.stringify(body(i++)) }) }] }
      : {}),
  });
  await autocannon(options(1));
  const before = await queryCount(service);
  const r = await autocannon(options(seconds));
  const queries = (await queryCount(service)) - before;
  const answered = r['2xx'];
  return {
    rate: answered / (r.duration || seconds),
    p99: r.latency.p99,
    failed: r.non2xx + r.errors + r.timeouts,
    statements: queries / Math.max(answered + r.non2xx, 1),
  };
}

/** The statements the service has sent so far (QUERY_COUNTER of the orders bench). */
function queryCount(service: Service): Promise<number> {
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('no answer from the service over IPC')), 30_000);
    service.child.once('message', (m: { queries: number }) => {
      clearTimeout(timer);
      ok(Number(m.queries));
    });
    service.child.send('queries?');
  });
}

function report(sets: DataSet[], results: Array<Map<string, Figures>>): void {
  const label = (s: DataSet) =>
    `${s.customers.toLocaleString('en-US')} / ${s.orders.toLocaleString('en-US')}`;
  const cell = (f: Figures) =>
    `${f.rate.toFixed(0)}/s p99 ${f.p99} ms${f.failed > 0 ? ` (${f.failed} failed)` : ''}, ${f.statements.toFixed(1)} st.`;
  console.log(`\n| scenario | ${label(sets[0])} | ${label(sets[1])} | large/small |`);
  console.log('|---|---|---|---|');
  for (const [name, small] of results[0]) {
    const large = results[1].get(name)!;
    const ratio = small.rate > 0 ? `${((100 * large.rate) / small.rate).toFixed(0)} %` : '-';
    console.log(`| ${name} | ${cell(small)} | ${cell(large)} | ${ratio} |`);
  }
}
