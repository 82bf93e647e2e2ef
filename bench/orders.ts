import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { compileProject } from './support/compile';
import {
  freePort,
  freshDatabase,
  login,
  Service,
  serviceNodeOptions,
  startServer,
  stop,
} from './support/service';
import { Client } from 'pg';

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

type Db = 'sqlite' | 'postgres' | 'mssql';

/**
 * What each order looks like: prices given or determined, with or without an Idempotency-Key;
 * `quotes`: the same bodies are then quoted (POST /www/auftrag/kalkulation) for as long.
 */
interface Load {
  explicit: boolean;
  idempotencyKey: boolean;
  quotes?: boolean;
}

/** Quotes measured after the orders on the same service and database. */
export interface QuoteResult {
  perSecond: number;
  p50: number;
  p99: number;
  quoted: number;
  failed: number;
  serviceCpuMs: number;
  queries: number;
}

const ROOT = resolve(__dirname, '..');
const TS_NODE_ARGS = ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register'];

/**
 * Loaded into the service with `-r`: counts the statements the service sends (PostgreSQL: every
 * pg client query; SQLite: every TypeORM query, the synchronous write batches not included) and
 * answers the bench's "queries?" with the count over the IPC channel; with --cpu-prof it also
 * profiles the measured window (node:inspector). Bench-only instrumentation: one integer
 * increment per query.
 */
export const QUERY_COUNTER = `
let count = 0;
function wrap(proto) {
  const original = proto.query;
  proto.query = function (...args) { count++; return original.apply(this, args); };
}
try { wrap(require('pg').Client.prototype); } catch {}
try { wrap(require('typeorm/driver/better-sqlite3/BetterSqlite3QueryRunner.js').BetterSqlite3QueryRunner.prototype); } catch {}
try { wrap(require('typeorm/driver/sqlserver/SqlServerQueryRunner.js').SqlServerQueryRunner.prototype); } catch {}
let session = null;
if (process.channel) {
  process.channel.unref();
  process.on('message', (m) => {
    if (m === 'queries?') process.send({ queries: count });
    if (m === 'profile-start') {
      session = new (require('node:inspector').Session)();
      session.connect();
      session.post('Profiler.enable', () => session.post('Profiler.start', () => process.send({ profiling: true })));
    }
    if (m && m.profileTo) {
      session.post('Profiler.stop', (err, r) => {
        if (!err) require('node:fs').writeFileSync(m.profileTo, JSON.stringify(r.profile));
        session.disconnect();
        process.send({ profiled: m.profileTo });
      });
    }
  });
}
`;

export interface RunResult {
  db: Db;
  orders: number;
  p50: number;
  p99: number;
  max: number;
  created: number;
  failed: number;
  serviceCpuMs: number;
  dbCpuMs: number | null;
  benchCpuMs: number;
  queries: number;
  load: number;
  quotes: QuoteResult | null;
}

/**
 * npm run bench -- orders [--db sqlite|postgres|mssql|both] [--seconds 10] [--connections 16]
 *   [--prices determined|explicit] [--idempotency-key] [--skip-quotes] [--runs 1] [--ts-node]
 *   [--cpu-prof <dir>]
 *
 * 5-line web-shop orders (POST /www/auftrag, unique AuftBestellNr) through autocannon, then the
 * same bodies quoted (POST /www/auftrag/kalkulation) for as long, unless --skip-quotes. The service
 * is compiled like `npm run build` (or run with --ts-node) and runs in its own process on
 * 127.0.0.1, so the load generator does not share its event loop; each run gets a fresh demo
 * database (a temporary SQLite file, or a temporary erp_test_* PostgreSQL database that is
 * dropped afterwards; --db mssql: one on the SQL Server of MSSQL_URL, DB_POOL_SIZE 4 unless set)
 * that the service migrates and seeds itself (SEED_DEMO=true; PostgreSQL is then ANALYZEd, as
 * autovacuum keeps a database in use). With
 * --runs N the databases alternate (sqlite, postgres, sqlite, ...) and the median and range of
 * orders/s follow. Per run: orders/s, latency, the service's CPU per order, PostgreSQL's backend
 * CPU per order, the load generator's CPU per order, statements per order, the load average.
 * --idempotency-key sends a new Idempotency-Key with every order (its claim and stored response
 * are two more writes per order). --cpu-prof <dir> writes a V8 CPU profile of the service during each measured window
 * (orders-<db>-<run>.cpuprofile; open it in Chrome DevTools), which slows the service down.
 */
export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      db: { type: 'string', default: 'both' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '16' },
      prices: { type: 'string', default: 'determined' },
      runs: { type: 'string', default: '1' },
      'ts-node': { type: 'boolean', default: false },
      'cpu-prof': { type: 'string' },
      'idempotency-key': { type: 'boolean', default: false },
      'skip-quotes': { type: 'boolean', default: false },
    },
  });
  const profileDir = values['cpu-prof'] === undefined ? null : resolve(values['cpu-prof']);
  const seconds = Math.min(Math.max(Number(values.seconds) || 10, 1), 120);
  const connections = Math.min(Math.max(Number(values.connections) || 16, 1), 256);
  const runs = Math.min(Math.max(Number(values.runs) || 1, 1), 20);
  const load: Load = {
    explicit: values.prices === 'explicit',
    idempotencyKey: values['idempotency-key'] === true,
    quotes: values['skip-quotes'] !== true,
  };
  const dbs: Db[] =
    values.db === 'both'
      ? ['sqlite', 'postgres']
      : [values.db === 'postgres' || values.db === 'mssql' ? values.db : 'sqlite'];

  const dir = mkdtempSync(join(tmpdir(), 'bench-orders-'));
  try {
    const counter = join(dir, 'count-queries.js');
    writeFileSync(counter, QUERY_COUNTER);
    const main = values['ts-node']
      ? [...serviceNodeOptions(), ...TS_NODE_ARGS, '-r', counter, join(ROOT, 'src/main.ts')]
      : [...serviceNodeOptions(), '-r', counter, join(compileProject(dir), 'src', 'main.js')];
    console.log(
      `${cpus().length} CPU cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; service: ${values['ts-node'] ? 'ts-node' : 'compiled'}, own process, ` +
        'PostgreSQL ANALYZEd after seeding, ' +
        `LOG_LEVEL=warn, rate limit off; ${connections} connections, ${seconds} s per run, ` +
        `${load.explicit ? 'explicit' : 'determined'} prices${load.idempotencyKey ? ', a new Idempotency-Key per order' : ''}`,
    );
    const results: RunResult[] = [];
    for (let i = 0; i < runs; i++) {
      for (const db of dbs) {
        const profile = profileDir === null ? null : join(profileDir, `orders-${db}-${i + 1}.cpuprofile`);
        const r = await runOn(db, main, dir, seconds, connections, load, profile);
        results.push(r);
        console.log(line(r));
      }
    }
    if (runs > 1) {
      for (const db of dbs) {
        const mine = results.filter((r) => r.db === db);
        const orders = mine.map((r) => r.orders).sort((a, b) => a - b);
        const p99 = mine.map((r) => r.p99).sort((a, b) => a - b);
        const load = mine.map((r) => r.load);
        console.log(
          `${db.padEnd(9)} median of ${mine.length}: ${median(orders).toFixed(0)} orders/s ` +
            `(range ${orders[0].toFixed(0)}-${orders[orders.length - 1].toFixed(0)}), p99 median ${median(p99)} ms ` +
            `(range ${p99[0]}-${p99[p99.length - 1]}), load average ${Math.min(...load).toFixed(1)}-${Math.max(...load).toFixed(1)}`,
        );
        const quotes = mine
          .flatMap((r) => (r.quotes === null ? [] : [r.quotes.perSecond]))
          .sort((a, b) => a - b);
        if (quotes.length > 0)
          console.log(
            `${db.padEnd(9)} median of ${quotes.length}: ${median(quotes).toFixed(0)} quotes/s ` +
              `(range ${quotes[0].toFixed(0)}-${quotes[quotes.length - 1].toFixed(0)}), ` +
              `${(median(quotes) / median(orders)).toFixed(1)}x the orders`,
          );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function line(r: RunResult): string {
  const per = (ms: number) => (ms / Math.max(r.created, 1)).toFixed(2);
  return (
    `${r.db.padEnd(9)} ${r.orders.toFixed(0)} orders/s, p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms, ` +
    `created ${r.created}, failed ${r.failed}; CPU per order: service ${per(r.serviceCpuMs)} ms` +
    (r.dbCpuMs === null ? '' : `, PostgreSQL ${per(r.dbCpuMs)} ms`) +
    `, load generator ${per(r.benchCpuMs)} ms; ${(r.queries / Math.max(r.created, 1)).toFixed(2)} ` +
    `${r.db === 'postgres' ? 'statements' : 'TypeORM queries (+1 write transaction)'} per order; ` +
    `load average ${r.load.toFixed(1)}` +
    (r.quotes === null
      ? ''
      : `\n${r.db.padEnd(9)} ${r.quotes.perSecond.toFixed(0)} quotes/s (${(r.quotes.perSecond / Math.max(r.orders, 1)).toFixed(1)}x the orders), ` +
        `p50 ${r.quotes.p50} ms, p99 ${r.quotes.p99} ms, quoted ${r.quotes.quoted}, failed ${r.quotes.failed}; ` +
        `service CPU per quote ${(r.quotes.serviceCpuMs / Math.max(r.quotes.quoted, 1)).toFixed(2)} ms; ` +
        `${(r.quotes.queries / Math.max(r.quotes.quoted, 1)).toFixed(2)} ${r.db === 'postgres' ? 'statements' : 'TypeORM queries'} per quote`)
  );
}

export const median = (sorted: number[]): number =>
  sorted.length % 2 === 1
    ? sorted[(sorted.length - 1) / 2]
    : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;

/**
 * One measured run on a fresh demo database: warm-up, then `seconds` of orders. `settings` are
 * added to the service's environment (the events bench turns events on and off with them).
 */
export async function runOn(
  db: Db,
  main: string[],
  dir: string,
  seconds: number,
  connections: number,
  load: Load,
  profile: string | null,
  settings: NodeJS.ProcessEnv = {},
): Promise<RunResult> {
  const runDir = mkdtempSync(join(dir, `${db}-`));
  const database = await freshDatabase(db, runDir);
  const pgName = database.pgName;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SEED_DEMO: 'true',
    HOST: '127.0.0.1',
    PORT: await freePort(),
    LOG_DIR: join(runDir, 'logs'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    // The compiled service lives in a temporary folder; its packages are the project's.
    NODE_PATH: join(ROOT, 'node_modules'),
    ...database.settings,
    ...settings,
  };
  try {
    const service = await startServer(main, env, true);
    try {
      // Planner statistics, as autovacuum keeps them on a database in use (it would get to the
      // freshly seeded one only after a minute, in the middle of a run).
      if (db === 'postgres' && env.DATABASE_URL !== undefined) await analyze(env.DATABASE_URL);
      const token = await login(service.base);
      await measure(service.base, token, 2, connections, load, 'warm-up');
      if (profile !== null) await ask(service, 'profile-start');
      const queriesBefore = await queryCount(service);
      const cpuBefore = processCpuMs(service.child.pid as number);
      const dbBefore = pgName === null ? null : await backendCpu(pgName);
      const benchBefore = process.cpuUsage();
      const r = await measure(service.base, token, seconds, connections, load, 'bench');
      const bench = process.cpuUsage(benchBefore);
      const dbAfter = pgName === null ? null : await backendCpu(pgName);
      const serviceCpuMs = processCpuMs(service.child.pid as number) - cpuBefore;
      const queries = (await queryCount(service)) - queriesBefore;
      if (profile !== null) await ask(service, { profileTo: profile });
      let quotes: QuoteResult | null = null;
      if (load.quotes === true) {
        await measure(service.base, token, 1, connections, load, 'quote-warm-up', QUOTE_PATH);
        const quoteQueries = await queryCount(service);
        const quoteCpu = processCpuMs(service.child.pid as number);
        const qr = await measure(service.base, token, seconds, connections, load, 'quote', QUOTE_PATH);
        quotes = {
          perSecond: qr['2xx'] / (qr.duration || seconds),
          p50: qr.latency.p50,
          p99: qr.latency.p99,
          quoted: qr['2xx'],
          failed: qr.non2xx + qr.errors + qr.timeouts,
          serviceCpuMs: processCpuMs(service.child.pid as number) - quoteCpu,
          queries: (await queryCount(service)) - quoteQueries,
        };
      }
      let dbCpuMs: number | null = null;
      if (dbBefore && dbAfter) {
        dbCpuMs = 0;
        for (const [pid, ms] of dbAfter) dbCpuMs += ms - (dbBefore.get(pid) ?? 0);
      }
      return {
        db,
        orders: r['2xx'] / (r.duration || seconds),
        p50: r.latency.p50,
        p99: r.latency.p99,
        max: r.latency.max,
        created: r['2xx'],
        failed: r.non2xx + r.errors + r.timeouts,
        serviceCpuMs,
        dbCpuMs,
        benchCpuMs: (bench.user + bench.system) / 1000,
        queries,
        load: loadavg()[0],
        quotes,
      };
    } finally {
      await stop(service.child);
    }
  } finally {
    await database.dispose();
  }
}

/** The statements the service has sent so far (see QUERY_COUNTER). */
async function queryCount(service: Service): Promise<number> {
  return Number((await ask(service, 'queries?')).queries);
}

/** Sends a message to the service's QUERY_COUNTER and waits for its answer. */
function ask(service: Service, message: unknown): Promise<Record<string, unknown>> {
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('no answer from the service over IPC')), 30_000);
    service.child.once('message', (m: Record<string, unknown>) => {
      clearTimeout(timer);
      ok(m);
    });
    service.child.send(message as string);
  });
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** User + system CPU of a process so far (Linux /proc), in ms. */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0; // the process is gone (or /proc is not there)
  }
}

/** CPU so far of each PostgreSQL backend serving `database` (server on this machine), by pid. */
async function backendCpu(database: string): Promise<Map<number, number> | null> {
  const { adminUrl } = await import('../test/support/test-databases');
  const client = new Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return new Map(rows.map((r) => [r.pid, processCpuMs(r.pid)]));
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

async function analyze(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
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

const ORDER_PATH = '/www/auftrag';
const QUOTE_PATH = '/www/auftrag/kalkulation';

function measure(
  base: string,
  token: string,
  seconds: number,
  connections: number,
  load: Load,
  tag: string,
  path = ORDER_PATH,
): Promise<CannonResult> {
  let i = 0;
  return autocannon({
    url: `${base}${path}`,
    method: 'POST',
    duration: seconds,
    connections,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => ({
          ...req,
          ...(load.idempotencyKey
            ? { headers: { ...(req.headers as object), 'idempotency-key': `${tag}-${process.pid}-${i}` } }
            : {}),
          body: JSON.stringify(shopOrder(i++, tag, load.explicit)),
        }),
      },
    ],
  });
}
