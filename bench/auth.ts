import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiExcludeController } from '@nestjs/swagger';
import { ChildProcess, fork } from 'node:child_process';
import { Session } from 'node:inspector';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { compileProject, ROOT } from './support/compile';
import { AppModule } from '../src/app.module';
import { ErpAuth } from '../src/auth/erp-auth.decorator';
import { BearerAuthGuard } from '../src/auth/guards';
import { loadAppConfig } from '../src/common/config/app-config';
import { configureApp, fastifyOptions } from '../src/http-setup';

// autocannon ships no types; this is the part of its programmatic API used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: Record<string, unknown>) => Promise<CannonResult>;

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

type ServerMessage =
  | { ready: { url: string; token: string } }
  | { cpu: number }
  | { guardUs: number }
  | { profiling: boolean }
  | { guardShare: number };

const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');

/** The same trivial handler twice: once open, once behind @ErpAuth (token, role, rate limit). */
// Not part of the service's API document (its operations all have ids).
@ApiExcludeController()
@Controller('bench')
class BenchController {
  @Get('open')
  open(): { ok: boolean } {
    return { ok: true };
  }

  @Get('auth')
  @ErpAuth()
  authenticated(): { ok: boolean } {
    return { ok: true };
  }
}

@Module({ imports: [AppModule], controllers: [BenchController] })
class BenchModule {}

/**
 * npm run bench -- auth [--seconds 4] [--rounds 5] [--connections 10]
 * Requests per second of a trivial route with a bearer token against the same route without
 * authentication, in one run. The server runs in a child process, so the load generator does
 * not share its CPU, and reports its CPU time: on a busy machine CPU time per request is the
 * steadier measure of what authentication costs. The two routes alternate in rounds so that
 * machine noise hits both; request logging is on for both, the rate limit is on but not reached.
 * On a machine whose speed drifts by tens of percent between seconds (this one), the paired
 * ratios still scatter widely; the service's own CPU profile during authenticated load is the
 * steady figure: the share of its busy samples spent in the guard.
 */
export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      seconds: { type: 'string', default: '4' },
      rounds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
    },
  });
  const seconds = Math.min(Math.max(Number(values.seconds) || 4, 1), 60);
  const rounds = Math.min(Math.max(Number(values.rounds) || 5, 1), 20);
  const connections = Math.min(Math.max(Number(values.connections) || 10, 1), 200);

  const dir = mkdtempSync(join(tmpdir(), 'bench-auth-'));
  // The server is this file, compiled (see compileProject for why not ts-node).
  const server = fork(join(compileProject(dir, true), 'bench', 'auth.js'), [], {
    execArgv: process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [],
    env: {
      ...process.env,
      NODE_PATH: join(ROOT, 'node_modules'),
      BENCH_AUTH_SERVER: '1',
      DB_TYPE: 'sqlite',
      DB_PATH: join(dir, 'erp.sqlite'),
      SEED_DEMO: 'true',
      LOG_DIR: join(dir, 'logs'),
      LOG_LEVEL: 'info',
      LOG_STDOUT: 'false',
      RATE_LIMIT_PER_MINUTE: '10000000',
      REDIS_URL: '',
    },
  });
  try {
    const { url, token } = await ask<{ url: string; token: string }>(server, null, 'ready', 120_000);
    const cpu = () => ask<number>(server, 'cpu', 'cpu', 5000);
    const measure = (kind: string, duration: number) =>
      autocannon({
        url: `${url}/bench/${kind}`,
        duration,
        connections,
        headers: { authorization: `Bearer ${token}` },
      });
    await measure('open', 3);
    await measure('auth', 3);

    const rps: Record<string, number[]> = { open: [], auth: [] };
    const cpuPerRequest: Record<string, number[]> = { open: [], auth: [] };
    console.log(`${rounds} rounds of ${seconds} s per route, ${connections} connections`);
    for (let r = 1; r <= rounds; r++) {
      for (const kind of r % 2 === 1 ? ['open', 'auth'] : ['auth', 'open']) {
        const before = await cpu();
        const res = await measure(kind, seconds);
        const used = (await cpu()) - before;
        if (res.non2xx > 0 || res.errors > 0)
          throw new Error(`${kind}: ${res.non2xx} non-2xx answers, ${res.errors} errors`);
        rps[kind].push(res.requests.average);
        cpuPerRequest[kind].push(used / res.requests.total);
        console.log(
          `round ${r} ${kind.padEnd(4)} ${res.requests.average.toFixed(0).padStart(6)} req/s  ` +
            `server CPU ${(used / res.requests.total).toFixed(1).padStart(5)} µs/request  ` +
            `p50 ${res.latency.p50} ms  p99 ${res.latency.p99} ms`,
        );
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
    // Each round's two runs are next to each other in time: compare them pairwise.
    const rpsCost = median(rps.auth.map((a, i) => 1 - a / rps.open[i]));
    const cpuCost = median(cpuPerRequest.auth.map((a, i) => a / cpuPerRequest.open[i] - 1));
    console.log(
      `median req/s:      without auth ${median(rps.open).toFixed(0)}, bearer auth ${median(rps.auth).toFixed(0)}` +
        ` -> auth costs ${pct(rpsCost)} of the throughput (median of the rounds)`,
    );
    console.log(
      `median server CPU: without auth ${median(cpuPerRequest.open).toFixed(1)} µs, ` +
        `bearer auth ${median(cpuPerRequest.auth).toFixed(1)} µs per request -> auth costs ${pct(cpuCost)}`,
    );
    await ask<boolean>(server, 'profile-start', 'profiling', 10_000);
    const profiled = await measure('auth', seconds);
    const guardShare = await ask<number>(server, 'profile-stop', 'guardShare', 60_000);
    console.log(
      `CPU profile of the service during ${fmtInt(profiled.requests.total)} authenticated requests: ` +
        `${pct(guardShare)} of its busy samples are in the guard (Nest's guard runner with token, role and rate limit)`,
    );
    const guardUs = await ask<number>(server, 'guard', 'guardUs', 60_000);
    console.log(`the bearer guard alone (cached token, role, rate limit): ${guardUs.toFixed(2)} µs per call`);
    console.log('target: auth costs under 10 %');
  } finally {
    const exited = new Promise((done) => server.once('exit', done));
    server.disconnect();
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Sends `question` (if any) to the server process and waits for its `key` answer. */
function ask<T>(child: ChildProcess, question: string | null, key: string, timeoutMs: number): Promise<T> {
  return new Promise((done, fail) => {
    const finish = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const timer = setTimeout(() => {
      finish();
      fail(new Error(`bench server: no ${key} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (m: ServerMessage) => {
      if (!(key in m)) return;
      finish();
      done((m as Record<string, unknown>)[key] as T);
    };
    const onExit = (code: number | null) => {
      finish();
      fail(new Error(`bench server exited with ${code}`));
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
    if (question) child.send(question);
  });
}

async function serve(): Promise<void> {
  const config = loadAppConfig();
  const app = await NestFactory.create<NestFastifyApplication>(
    BenchModule,
    new FastifyAdapter(fastifyOptions(config)),
    {
      bodyParser: false,
      logger: ['error', 'warn'],
    },
  );
  configureApp(app, config);
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const res = await fetch(`${url}/www/token`, {
    method: 'POST',
    headers: { authorization: 'Basic ' + Buffer.from('demo:demo').toString('base64') },
  });
  if (res.status !== 200) throw new Error(`token: ${res.status}`);
  const token = ((await res.json()) as { access_token: string }).access_token;
  process.on('message', (m) => {
    if (m === 'guard') {
      void timeGuard(app, url, token).then((guardUs) => process.send?.({ guardUs }));
      return;
    }
    if (m === 'profile-start') {
      void profiler.start().then(() => process.send?.({ profiling: true }));
      return;
    }
    if (m === 'profile-stop') {
      void profiler.stop().then((guardShare) => process.send?.({ guardShare }));
      return;
    }
    const { user, system } = process.cpuUsage();
    process.send?.({ cpu: user + system });
  });
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
  process.send?.({ ready: { url, token } });
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  samples: number[];
}

/**
 * The service's own CPU profiler (node:inspector), for one load window: of the samples in which
 * the process was busy, the share inside Nest's guard runner (`canActivateFn`: the execution
 * context, BearerAuthGuard with its token cache, role check and rate limit). Sampling attributes
 * time independently of how fast the machine happens to be at that moment.
 */
const profiler = (() => {
  const session = new Session();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((done, fail) =>
      session.post(method, params ?? {}, (err, result) => (err ? fail(err) : done(result as T))),
    );
  return {
    async start(): Promise<void> {
      session.connect();
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval: 100 });
      await post('Profiler.start');
    },
    async stop(): Promise<number> {
      const { profile } = await post<{ profile: CpuProfile }>('Profiler.stop');
      session.disconnect();
      const parent = new Map<number, number>();
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
      let busy = 0;
      let guard = 0;
      for (const id of profile.samples) {
        if (byId.get(id)?.callFrame.functionName === '(idle)') continue;
        busy++;
        for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
          if (byId.get(at)?.callFrame.functionName === 'canActivateFn') {
            guard++;
            break;
          }
      }
      return guard / busy;
    },
  };
})();

/** CPU time of BearerAuthGuard.canActivate on a cached token, without HTTP around it. */
async function timeGuard(app: NestFastifyApplication, url: string, token: string): Promise<number> {
  const guard = app.get(BearerAuthGuard);
  const calls = 100_000;
  const run = () => {
    for (let i = 0; i < calls; i++) {
      // The shape of Fastify's request and reply the guard and the rate limit use.
      const req = { headers: { authorization: `Bearer ${token}` }, query: {}, rateLimits: null };
      const reply = { request: req };
      const context = new ExecutionContextHost(
        [req, reply],
        BenchController,
        BenchController.prototype.authenticated,
      );
      if (guard.canActivate(context) !== true) throw new Error('the token is not in the verification cache');
    }
  };
  // One request through HTTP puts the token (back) into the cache, which holds it for 5 s.
  await fetch(`${url}/bench/auth`, { headers: { authorization: `Bearer ${token}` } });
  run();
  await fetch(`${url}/bench/auth`, { headers: { authorization: `Bearer ${token}` } });
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / calls;
}

if (process.env.BENCH_AUTH_SERVER === '1' && require.main === module) {
  serve().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
