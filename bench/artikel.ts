import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ARTICLE_LIST_TABLES } from '../src/articles/adapters/typeorm/article-planner-statistics';
import { freePort, login, serviceNodeOptions, startServer, stop } from './support/service';
import { BENCH_CATALOGUE, ensureBenchCatalogue } from './support/catalogue';
import { compileProject } from './support/compile';

// autocannon ships no types; this is the part of its programmatic API used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: Record<string, unknown>) => Promise<CannonResult>;
/** The same function with a callback: it then returns the run, which reports every response. */
const autocannonRun = autocannon as unknown as (
  options: Record<string, unknown>,
  done: (err: Error | null, result: CannonResult) => void,
) => EventEmitter;

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  throughput: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

const ROOT = resolve(__dirname, '..');
const NODE_ARGS = ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register'];

/**
 * npm run bench -- artikel [--articles 1000000] [--db ./data/bench-100k.sqlite] [--seconds 10]
 *   [--connections 32] [--cache-mb N] [--no-statistics] [--ts-node]
 *
 * The article list on large catalogues: 100,000 articles (20,000 customers, 50,000 orders) and,
 * with `--articles N` above that, a second catalogue of N articles; each is built on the first run
 * when its file (or, on PostgreSQL, its database) is missing or empty, and both are measured in
 * the same run, one after the other, and printed side by side. The service is compiled like
 * `npm run build` (or run with ts-node) and runs in a child process on 127.0.0.1 with default
 * settings (LOG_LEVEL=warn and the rate limit off), so autocannon does not share its CPU and its
 * RSS is its own; requests come from the demo user (web shop SHOP). Per catalogue:
 *  - the first page request after start (the default list, limit=100): ms;
 *  - the first walk over every `limit=100` page (cold record cache): pages/s, p99, seconds;
 *  - then `limit=100` pages spread over the whole catalogue (every offset a syncing client walks):
 *    pages/s, p50/p99;
 *  - the whole `limit=0` export from that service: seconds; the service's peak RSS until then;
 *  - the whole `limit=0` export from a fresh service: seconds, MB, peak RSS during it.
 * A Nest+Fastify hello world's req/s at the same connections comes first, for scale.
 * With DB_TYPE=postgres and DATABASE_URL set, the 100k catalogue is that database and the larger
 * one a database named after it with the size appended (`<db>_1m`); with DB_TYPE=mssql the same
 * on SQL Server, databases created beforehand (CREATE DATABASE) and seeded in place. `--no-statistics` (PostgreSQL)
 * deletes the planner statistics of the catalogue's tables before measuring, as after a bulk load
 * that nobody analysed. `--cache-mb` sets ARTICLE_CACHE_MB (0 = record cache off).
 */
function requiredDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DB_TYPE=postgres|mssql needs DATABASE_URL (postgres://… or mssql://…/db).');
  return url;
}

/** 100k, 1m, 250k: the catalogue's size as files and databases are named. */
function sizeLabel(articles: number): string {
  return articles >= 1e6 && articles % 1e6 === 0 ? `${articles / 1e6}m` : `${Math.round(articles / 1e3)}k`;
}

interface Figures {
  articles: number;
  firstRequestMs: number;
  walk: { pagesPerSecond: number; p99: number; seconds: number; pages: number };
  pages: { pagesPerSecond: number; p50: number; p99: number; peakRssMb: number; non2xx: number };
  warmExportSeconds: number;
  export: { seconds: number; mb: number; rssBeforeMb: number; peakMb: number; cpuSeconds: number };
}

async function dropStatistics(url: string): Promise<void> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `DELETE FROM pg_statistic WHERE starelid IN (SELECT c.oid FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relname = ANY($1))`,
      [ARTICLE_LIST_TABLES],
    );
  } finally {
    await client.end();
  }
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      articles: { type: 'string', default: '100000' },
      db: { type: 'string', default: './data/bench-100k.sqlite' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '32' },
      'cache-mb': { type: 'string' },
      'no-statistics': { type: 'boolean', default: false },
      'ts-node': { type: 'boolean', default: false },
    },
  });
  const seconds = Math.min(Math.max(Number(values.seconds) || 10, 1), 120);
  const connections = Math.min(Math.max(Number(values.connections) || 32, 1), 256);
  const large = Math.min(Math.max(Math.round(Number(values.articles) || 100_000), 100_000), 10_000_000);
  const postgres = process.env.DB_TYPE === 'postgres';
  const mssql = process.env.DB_TYPE === 'mssql';
  const logDir = mkdtempSync(join(tmpdir(), 'bench-artikel-'));
  const base = {
    ...process.env,
    DB_TYPE: postgres ? 'postgres' : mssql ? 'mssql' : 'sqlite',
    // Few connections: a login to the T-SQL engine of CI is a server process (scripts/test-mssql.sh).
    ...(mssql ? { DB_POOL_SIZE: process.env.DB_POOL_SIZE ?? '4' } : {}),
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    LOG_DIR: logDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    ...(values['cache-mb'] !== undefined ? { ARTICLE_CACHE_MB: values['cache-mb'] } : {}),
    // The compiled service lives in a temporary folder; its packages are the project's.
    NODE_PATH: join(ROOT, 'node_modules'),
  };
  const main = values['ts-node']
    ? [...serviceNodeOptions(), ...NODE_ARGS, join(ROOT, 'src/main.ts')]
    : [...serviceNodeOptions(), join(compileProject(logDir), 'src', 'main.js')];
  const sizes =
    large > BENCH_CATALOGUE.articles ? [BENCH_CATALOGUE.articles, large] : [BENCH_CATALOGUE.articles];
  console.log(
    `database: ${postgres ? 'PostgreSQL' : mssql ? 'SQL Server' : 'SQLite'}${values['no-statistics'] ? ' without planner statistics' : ''}; ` +
      `${seconds} s per load run, ${connections} connections; service: ${values['ts-node'] ? 'ts-node' : 'compiled'}, ` +
      `default settings${values['cache-mb'] !== undefined ? ` but ARTICLE_CACHE_MB=${values['cache-mb']}` : ''}, LOG_LEVEL=warn, rate limit off`,
  );
  try {
    const hello = await startServer(
      [...NODE_ARGS, '-e', `require(${JSON.stringify(__filename)}).serveHelloWorld(0)`],
      // Without NODE_PATH: under -e (no main module) TypeORM's app-root-path fails on it.
      { ...base, NODE_PATH: undefined },
    );
    let helloRate = 0;
    try {
      helloRate = (await load(`${hello.base}/hello`, {}, seconds, connections)).requests.average;
    } finally {
      await stop(hello.child);
    }
    const results: Figures[] = [];
    for (const articles of sizes) {
      const size = { ...BENCH_CATALOGUE, articles };
      let env: NodeJS.ProcessEnv;
      if (mssql) {
        const url = new URL(requiredDatabaseUrl());
        if (articles !== BENCH_CATALOGUE.articles) url.pathname = `${url.pathname}_${sizeLabel(articles)}`;
        const trustServerCertificate = process.env.MSSQL_TRUST_SERVER_CERTIFICATE === 'true';
        await ensureBenchCatalogue({ type: 'mssql', url: url.toString(), trustServerCertificate }, size);
        env = { ...base, DATABASE_URL: url.toString() };
      } else if (postgres) {
        const url = new URL(requiredDatabaseUrl());
        if (articles !== BENCH_CATALOGUE.articles) url.pathname = `${url.pathname}_${sizeLabel(articles)}`;
        await ensureBenchCatalogue({ type: 'postgres', url: url.toString() }, size);
        if (values['no-statistics']) await dropStatistics(url.toString());
        env = { ...base, DATABASE_URL: url.toString() };
      } else {
        const dbPath =
          articles === BENCH_CATALOGUE.articles
            ? resolve(ROOT, values.db as string)
            : resolve(ROOT, 'data', `bench-${sizeLabel(articles)}.sqlite`);
        await ensureBenchCatalogue({ type: 'sqlite', path: dbPath }, size);
        env = { ...base, DB_PATH: dbPath };
        console.log(
          `${sizeLabel(articles)}: SQLite ${dbPath} (${(statSync(dbPath).size / 1e6).toFixed(0)} MB)`,
        );
      }
      results.push(await measure(main, env, seconds, connections));
    }
    report(helloRate, results);
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
}

/** One catalogue: a service for the first request, the walk, the pages and the warm export; a fresh one for the export. */
async function measure(
  main: string[],
  env: NodeJS.ProcessEnv,
  seconds: number,
  connections: number,
): Promise<Figures> {
  const app = await startServer(main, { ...env, PORT: await freePort() });
  let figures: Omit<Figures, 'export'>;
  try {
    const token = await login(app.base);
    const headers = { authorization: `Bearer ${token}` };
    const t0 = process.hrtime.bigint();
    const first = await getJson(`${app.base}/www/artikel?limit=100`, headers);
    const firstRequestMs = Number(process.hrtime.bigint() - t0) / 1e6;
    const count = first.count as number;
    const pages = Math.max(1, Math.ceil(count / 100));
    // The first walk through the catalogue (what a shop's first sync costs): every page once. It
    // leaves the record cache as a running service has it.
    const walk = await walkOnce(app.base, headers, pages, connections);
    let next = 0;
    const r = await load(`${app.base}/www/artikel?limit=100`, headers, seconds, connections, () => {
      const offset = ((next++ * 7919) % pages) * 100;
      return `/www/artikel?limit=100&offset=${offset}`;
    });
    const started = process.hrtime.bigint();
    await download(`${app.base}/www/artikel?limit=0`, headers.authorization);
    const warmExportSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    figures = {
      articles: count,
      firstRequestMs,
      walk: { ...walk, pages },
      pages: {
        pagesPerSecond: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        peakRssMb: peakRssMb(app.child.pid as number),
        non2xx: r.non2xx + r.errors + r.timeouts,
      },
      warmExportSeconds,
    };
  } finally {
    await stop(app.child);
  }
  // A fresh service for the export, so its peak RSS is the export's and not the page load's.
  const exporter = await startServer(main, { ...env, PORT: await freePort() });
  try {
    const token = await login(exporter.base);
    await getJson(`${exporter.base}/www/artikel?limit=1&fields=ArtNr`, { authorization: `Bearer ${token}` });
    const pid = exporter.child.pid as number;
    const rssBeforeMb = rssMb(pid);
    resetPeakRss(pid);
    const cpuBefore = cpuSeconds(pid);
    const started = process.hrtime.bigint();
    const done = await download(`${exporter.base}/www/artikel?limit=0`, `Bearer ${token}`);
    return {
      ...figures,
      export: {
        seconds: Number(process.hrtime.bigint() - started) / 1e9,
        mb: done.bytes / 1e6,
        rssBeforeMb,
        peakMb: peakRssMb(pid),
        cpuSeconds: cpuSeconds(pid) - cpuBefore,
      },
    };
  } finally {
    await stop(exporter.child);
  }
}

/** The figures of every catalogue side by side. */
function report(helloRate: number, results: Figures[]): void {
  const rows: [string, (f: Figures) => string][] = [
    ['first request after start', (f) => `${f.firstRequestMs.toFixed(0)} ms`],
    [
      'first walk, every page once',
      (f) =>
        `${fmt(f.walk.pagesPerSecond)} pages/s (${f.walk.seconds.toFixed(1)} s), p99 ${f.walk.p99.toFixed(0)} ms`,
    ],
    [
      'limit=100 pages at every offset',
      (f) => `${fmt(f.pages.pagesPerSecond)} pages/s, p50 ${f.pages.p50} ms, p99 ${f.pages.p99} ms`,
    ],
    ['service peak RSS (start to export)', (f) => `${f.pages.peakRssMb.toFixed(0)} MB`],
    ['whole export, same service', (f) => `${f.warmExportSeconds.toFixed(2)} s`],
    [
      'whole export, fresh service',
      (f) =>
        `${f.export.seconds.toFixed(2)} s, ${f.export.mb.toFixed(0)} MB, peak RSS ${f.export.peakMb.toFixed(0)} MB`,
    ],
    ['  service CPU during it', (f) => `${f.export.cpuSeconds.toFixed(1)} s (all threads)`],
  ];
  const width = 34;
  const columns = results.map((f) => Math.max(44, ...rows.map(([, v]) => v(f).length)) + 2);
  const line = (label: string, cells: string[]) =>
    label.padEnd(width) + cells.map((c, i) => `| ${c.padEnd(columns[i] - 1)}`).join('');
  console.log(`Nest+Fastify hello world: ${fmt(helloRate)} req/s`);
  console.log(
    line(
      '',
      results.map((f) => `${fmt(f.articles)} articles`),
    ),
  );
  for (const [label, value] of rows) console.log(line(label, results.map(value)));
  for (const f of results)
    if (f.pages.non2xx > 0) console.log(`!! ${fmt(f.articles)} articles: ${f.pages.non2xx} pages failed`);
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * Requests every page of 100 once, `connections` at a time; pages/s and p99 of the walk. The same
 * client as the load runs (autocannon): it reads the answers without decoding them, so the client
 * takes less of the two cores the service shares with it than `fetch` would.
 * The walk ends with its last answer: autocannon itself only finishes on its next one-second tick.
 */
async function walkOnce(
  base: string,
  headers: Record<string, string>,
  pages: number,
  connections: number,
): Promise<{ pagesPerSecond: number; p99: number; seconds: number }> {
  const started = process.hrtime.bigint();
  let ended = started;
  let next = 0;
  let answered = 0;
  const r = await new Promise<CannonResult>((ok, fail) => {
    const run = autocannonRun(
      {
        url: `${base}/www/artikel?limit=100`,
        connections,
        headers,
        // Every offset once: autocannon asks for exactly `amount` requests.
        amount: pages,
        requests: [
          {
            setupRequest: (req: object) => ({
              ...req,
              path: `/www/artikel?limit=100&offset=${next++ * 100}`,
            }),
          },
        ],
      },
      (err, result) => (err ? fail(err) : ok(result)),
    );
    run.on('response', () => {
      if (++answered === pages) ended = process.hrtime.bigint();
    });
  });
  const seconds = Number(ended - started) / 1e9;
  const failed = r.non2xx + r.errors + r.timeouts;
  if (failed > 0 || answered !== pages) throw new Error(`walk: ${failed} of ${answered} pages failed`);
  return { pagesPerSecond: pages / seconds, p99: r.latency.p99, seconds };
}

@Controller()
class HelloController {
  @Get('hello')
  hello(): { hello: string } {
    return { hello: 'world' };
  }
}

@Module({ controllers: [HelloController] })
class HelloModule {}

/** The baseline: Nest on Fastify with one JSON route, nothing else. */
export async function serveHelloWorld(port: number): Promise<void> {
  const app = await NestFactory.create<NestFastifyApplication>(HelloModule, new FastifyAdapter(), {
    logger: ['error'],
  });
  await app.listen(port, '127.0.0.1');
  process.stdout.write(`listening on ${await app.getUrl()}\n`);
}

async function getJson(url: string, headers: Record<string, string>): Promise<Record<string, unknown>> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return JSON.parse(Buffer.from(await res.arrayBuffer()).toString('latin1')) as Record<string, unknown>;
}

function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
  nextPath?: () => string,
): Promise<CannonResult> {
  return autocannon({
    url,
    duration: seconds,
    connections,
    headers,
    ...(nextPath ? { requests: [{ setupRequest: (req: object) => ({ ...req, path: nextPath() }) }] } : {}),
  });
}

/** Reads a response to the end without keeping it; returns its size and the `count` at its end. */
function download(url: string, authorization: string): Promise<{ bytes: number; count: number }> {
  return new Promise((ok, fail) => {
    httpGet(url, { headers: { authorization } }, (res) => {
      if (res.statusCode !== 200) return fail(new Error(`${url}: ${res.statusCode}`));
      // Only the end carries `count`: keep the last two chunks, decode them once (the client should
      // not compete with the service for the CPU more than reading the socket takes).
      let bytes = 0;
      let last: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        last = [last[last.length - 1], chunk].filter(Boolean);
      });
      res.on('end', () => {
        const tail = Buffer.concat(last).toString('latin1').slice(-2000);
        ok({ bytes, count: Number(/"count":(\d+)/.exec(tail)?.[1] ?? NaN) });
      });
      res.on('error', fail);
    }).on('error', fail);
  });
}

function procStatus(pid: number, field: string): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

const rssMb = (pid: number) => procStatus(pid, 'VmRSS');

/**
 * User + system CPU of a process, all its threads (Linux /proc/<pid>/stat, clock ticks of 1/100 s).
 * Less dependent on what else the host runs than wall time, which a loaded VM stretches.
 */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
const peakRssMb = (pid: number) => procStatus(pid, 'VmHWM');

/** Linux: writing 5 to clear_refs resets the peak RSS (VmHWM) to the current RSS. */
function resetPeakRss(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
