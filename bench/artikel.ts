import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, login, startServer, stop } from './support/service';
import { ensureBenchCatalogue } from './support/catalogue';
import { compileProject } from './support/compile';

// autocannon ships no types; this is the part of its programmatic API used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: Record<string, unknown>) => Promise<CannonResult>;

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
 * npm run bench -- artikel [--db ./data/bench-100k.sqlite] [--seconds 10] [--connections 32] [--ts-node]
 *
 * The article list on a large catalogue: 100,000 articles, 20,000 customers, 50,000 orders, built
 * on the first run when the file (or, on PostgreSQL, the database) is missing or empty.
 * The service is compiled like `npm run build` (or run with ts-node) and runs in a child process on
 * 127.0.0.1, so autocannon does not share its CPU and its RSS is its own; requests come from the
 * demo user (web shop SHOP). Prints, in one run:
 *  - a Nest+Fastify hello-world's req/s at the same connections, for scale;
 *  - the first walk over every `limit=100` page (cold record cache): pages/s, p99, seconds;
 *  - then `limit=100` pages spread over the whole catalogue (every offset a syncing client walks,
 *    records cached): pages/s, articles/s, p50/p99;
 *  - the whole `limit=0` export from that (warm) service: seconds;
 *  - the whole `limit=0` export from a fresh service (cold): seconds, MB, peak RSS during it.
 * With DB_TYPE=postgres and DATABASE_URL set, the service uses that database instead.
 */
function requiredDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DB_TYPE=postgres needs DATABASE_URL (postgres://user@host:5432/db).');
  return url;
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      db: { type: 'string', default: './data/bench-100k.sqlite' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '32' },
      'ts-node': { type: 'boolean', default: false },
    },
  });
  const seconds = Math.min(Math.max(Number(values.seconds) || 10, 1), 120);
  const connections = Math.min(Math.max(Number(values.connections) || 32, 1), 256);
  const postgres = process.env.DB_TYPE === 'postgres';
  const dbPath = resolve(ROOT, values.db as string);
  await ensureBenchCatalogue(
    postgres ? { type: 'postgres', url: requiredDatabaseUrl() } : { type: 'sqlite', path: dbPath },
  );
  const logDir = mkdtempSync(join(tmpdir(), 'bench-artikel-'));
  const env = {
    ...process.env,
    DB_TYPE: postgres ? 'postgres' : 'sqlite',
    DB_PATH: dbPath,
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    LOG_DIR: logDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    // The compiled service lives in a temporary folder; its packages are the project's.
    NODE_PATH: join(ROOT, 'node_modules'),
  };
  const main = values['ts-node']
    ? [...NODE_ARGS, join(ROOT, 'src/main.ts')]
    : [join(compileProject(logDir), 'src', 'main.js')];
  console.log(
    `database: ${postgres ? 'PostgreSQL' : `SQLite ${dbPath} (${(statSync(dbPath).size / 1e6).toFixed(0)} MB)`}; ` +
      `${seconds} s per load run, ${connections} connections; service: ${values['ts-node'] ? 'ts-node' : 'compiled'}, ` +
      'LOG_LEVEL=warn, rate limit off',
  );
  try {
    const hello = await startServer(
      [...NODE_ARGS, '-e', `require(${JSON.stringify(__filename)}).serveHelloWorld(0)`],
      env,
    );
    try {
      const r = await load(`${hello.base}/hello`, {}, seconds, connections);
      console.log(
        `Nest+Fastify hello world:          ${fmt(r.requests.average)} req/s, p99 ${r.latency.p99} ms`,
      );
    } finally {
      await stop(hello.child);
    }

    const app = await startServer(main, { ...env, PORT: await freePort() });
    try {
      const token = await login(app.base);
      const headers = { authorization: `Bearer ${token}` };
      const count = (await getJson(`${app.base}/www/artikel?limit=1&fields=ArtNr`, headers)).count as number;
      const pages = Math.max(1, Math.ceil(count / 100));
      // The first walk through the catalogue (what a shop's first sync costs): every page once,
      // rendered from the database. It leaves the record cache warm, as a running service has it.
      const walk = await walkOnce(`${app.base}`, headers, pages, connections);
      console.log(
        `first walk, every page once (cold record cache): ${fmt(walk.pagesPerSecond)} pages/s, ` +
          `p99 ${walk.p99.toFixed(0)} ms, ${walk.seconds.toFixed(2)} s for ${fmt(pages)} pages`,
      );
      let next = 0;
      const r = await load(`${app.base}/www/artikel?limit=100`, headers, seconds, connections, () => {
        const offset = ((next++ * 7919) % pages) * 100;
        return `/www/artikel?limit=100&offset=${offset}`;
      });
      console.log(
        `GET /www/artikel?limit=100 (${fmt(count)} articles, pages at every offset): ` +
          `${fmt(r.requests.average)} pages/s = ${fmt(r.requests.average * 100)} articles/s, ` +
          `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${(r.throughput.average / 1e6).toFixed(1)} MB/s, ` +
          `non-2xx ${r.non2xx + r.errors + r.timeouts}`,
      );
      // The same export as below, but from a service whose record cache the walk has filled.
      const started = process.hrtime.bigint();
      const warm = await download(`${app.base}/www/artikel?limit=0`, headers.authorization);
      const warmSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      console.log(
        `GET /www/artikel?limit=0 with the record cache warm: ${fmt(warm.count)} articles in ` +
          `${warmSeconds.toFixed(2)} s`,
      );
    } finally {
      await stop(app.child);
    }

    // A fresh service for the export, so its peak RSS is the export's and not the page load's.
    const exporter = await startServer(main, { ...env, PORT: await freePort() });
    try {
      const token = await login(exporter.base);
      await getJson(`${exporter.base}/www/artikel?limit=1&fields=ArtNr`, {
        authorization: `Bearer ${token}`,
      });
      const pid = exporter.child.pid as number;
      const before = rssMb(pid);
      resetPeakRss(pid);
      const cpuBefore = cpuSeconds(pid);
      const started = process.hrtime.bigint();
      const done = await download(`${exporter.base}/www/artikel?limit=0`, `Bearer ${token}`);
      const secondsTaken = Number(process.hrtime.bigint() - started) / 1e9;
      const peak = peakRssMb(pid);
      const cpu = cpuSeconds(pid) - cpuBefore;
      console.log(
        `GET /www/artikel?limit=0 (whole export): ${fmt(done.count)} articles, ` +
          `${(done.bytes / 1e6).toFixed(1)} MB in ${secondsTaken.toFixed(2)} s ` +
          `(${fmt(done.count / secondsTaken)} articles/s); service RSS ${before.toFixed(0)} MB before, ` +
          `peak ${peak.toFixed(0)} MB during; service CPU ${cpu.toFixed(2)} s (all threads)`,
      );
    } finally {
      await stop(exporter.child);
    }
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** Requests every page of 100 once, `connections` at a time; pages/s and p99 of the walk. */
async function walkOnce(
  base: string,
  headers: Record<string, string>,
  pages: number,
  connections: number,
): Promise<{ pagesPerSecond: number; p99: number; seconds: number }> {
  const started = process.hrtime.bigint();
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < pages) {
      const offset = next++ * 100;
      const t = process.hrtime.bigint();
      const res = await fetch(`${base}/www/artikel?limit=100&offset=${offset}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`page at ${offset}: ${res.status}`);
      latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  return { pagesPerSecond: pages / seconds, p99: latencies[Math.floor(latencies.length * 0.99)], seconds };
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
