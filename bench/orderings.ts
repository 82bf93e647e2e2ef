import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_CATALOGUE, ensureBenchCatalogue } from './support/catalogue';
import { compileProject } from './support/compile';
import { freePort, serviceNodeOptions, startServer, stop } from './support/service';

const ROOT = resolve(__dirname, '..');

/** Columns a loop sorts by, one new combination of language and sort order per request. */
const SORTABLE = ['AnLager', 'Einheit', 'Farbe', 'WUSTSatz', 'ArtGruppe', 'ArtKlasse', 'GeaendertAmUTC'];

interface Latencies {
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** Pages that took longer than a second. */
  slow: number;
}

/**
 * npm run bench -- orderings [--db ./data/bench-100k.sqlite] [--seconds 20] [--loops 4]
 *
 * Ordering thrash on the 100k catalogue: the web-shop user demo reads its default page
 * (`limit=100`) one request after another, first alone, then while `--loops` clients of another
 * user (admin) each ask for a new combination of `adrsprache` (aa, ab, ...) and `sorts` per
 * request. Prints demo's p50/p99/max per phase and the loops' answers by status. The service is
 * compiled and runs in a child process with the rate limit off; with DB_TYPE=postgres and
 * DATABASE_URL set the catalogue is that database.
 */
export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      db: { type: 'string', default: './data/bench-100k.sqlite' },
      seconds: { type: 'string', default: '20' },
      loops: { type: 'string', default: '4' },
    },
  });
  const seconds = Math.min(Math.max(Number(values.seconds) || 20, 1), 300);
  const loops = Math.min(Math.max(Number(values.loops) || 4, 1), 64);
  const postgres = process.env.DB_TYPE === 'postgres';
  const logDir = mkdtempSync(join(tmpdir(), 'bench-orderings-'));
  const database = postgres
    ? { DATABASE_URL: process.env.DATABASE_URL ?? '' }
    : { DB_PATH: resolve(ROOT, values.db as string) };
  if (postgres && !database.DATABASE_URL) throw new Error('DB_TYPE=postgres needs DATABASE_URL.');
  await ensureBenchCatalogue(
    postgres
      ? { type: 'postgres', url: database.DATABASE_URL as string }
      : { type: 'sqlite', path: database.DB_PATH as string },
    BENCH_CATALOGUE,
  );
  const env = {
    ...process.env,
    ...database,
    DB_TYPE: postgres ? 'postgres' : 'sqlite',
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    LOG_DIR: logDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    NODE_PATH: join(ROOT, 'node_modules'),
    PORT: await freePort(),
  };
  console.log(
    `database: ${postgres ? 'PostgreSQL' : 'SQLite'}, ${BENCH_CATALOGUE.articles.toLocaleString('en-US')} articles; ` +
      `${seconds} s per phase, ${loops} loop(s) of new orderings; compiled service, rate limit off`,
  );
  const app = await startServer(
    [...serviceNodeOptions(), join(compileProject(logDir), 'src', 'main.js')],
    env,
  );
  try {
    const victim = await token(app.base, 'demo:demo');
    const attacker = await token(app.base, 'admin:admin');
    await get(app.base, '/www/artikel?limit=100', victim);
    const quiet = await victimPages(app.base, victim, seconds * 1000, Promise.resolve());
    let stopAt = 0;
    const statuses = new Map<number, number>();
    let next = 0;
    const loop = async (): Promise<void> => {
      while (Date.now() < stopAt) {
        const n = next++;
        const language = code(n);
        const column = SORTABLE[n % SORTABLE.length];
        const sign = Math.floor(n / SORTABLE.length) % 2 === 0 ? '%2B' : '-';
        const status = await get(
          app.base,
          `/www/artikel?limit=1&fields=ArtNr&adrsprache=${language}&sorts=${sign}${column}`,
          attacker,
        );
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    stopAt = Date.now() + seconds * 1000;
    const attack = Promise.all(Array.from({ length: loops }, loop)).then(() => undefined);
    const loaded = await victimPages(app.base, victim, seconds * 1000, attack);
    console.log(`demo's default page alone:          ${describe(quiet)}`);
    console.log(`demo's default page during the loops: ${describe(loaded)}`);
    console.log(
      `the loops' answers: ${[...statuses].map(([s, n]) => `${n} x ${s}`).join(', ')} (${next} requests)`,
    );
  } finally {
    await stop(app.child);
    rmSync(logDir, { recursive: true, force: true });
  }
}

/** aa, ab, ..., zz, aaa, ...: a language code per request. */
function code(n: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const two = 26 * 26;
  if (n < two) return letters[Math.floor(n / 26)] + letters[n % 26];
  const m = n - two;
  return letters[Math.floor(m / two) % 26] + letters[Math.floor(m / 26) % 26] + letters[m % 26];
}

async function token(base: string, credentials: string): Promise<string> {
  const res = await fetch(`${base}/www/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(credentials).toString('base64')}` },
  });
  if (res.status !== 200) throw new Error(`login ${credentials.split(':')[0]} failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function get(base: string, path: string, bearer: string): Promise<number> {
  const res = await fetch(base + path, { headers: { authorization: `Bearer ${bearer}` } });
  await res.arrayBuffer();
  return res.status;
}

/** The default page, one request after another, for `ms` (and at least until `until` settles). */
async function victimPages(
  base: string,
  bearer: string,
  ms: number,
  until: Promise<void>,
): Promise<Latencies> {
  let settled = false;
  void until.then(() => (settled = true));
  const times: number[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end || !settled) {
    const t0 = process.hrtime.bigint();
    const status = await get(base, '/www/artikel?limit=100', bearer);
    if (status !== 200) throw new Error(`demo's page answered ${status}`);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (Date.now() >= end && settled) break;
  }
  times.sort((a, b) => a - b);
  const at = (q: number): number => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return {
    count: times.length,
    p50: at(0.5),
    p99: at(0.99),
    max: times[times.length - 1],
    slow: times.filter((t) => t > 1000).length,
  };
}

function describe(l: Latencies): string {
  return `${l.count} pages, p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(0)} ms, ${l.slow} over 1 s`;
}
