import { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startNginx } from '../test/support/nginx';
import { compileProject, ROOT } from './support/compile';
import {
  freePort,
  freshDatabase,
  login,
  Service,
  serviceNodeOptions,
  startServer,
  stop,
} from './support/service';

// autocannon ships no types; this is the part of its programmatic API used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: Record<string, unknown>) => Promise<{
  requests: { average: number };
  latency: { p50: number; p99: number };
  '2xx': number;
  non2xx: number;
  errors: number;
  duration: number;
}>;

/**
 * npm run bench -- proxy [--db postgres|sqlite] [--seconds 10] [--connections 32] [--runs 2]
 *
 * GET /www/artikel?limit=100 (demo catalogue) through Debian's nginx running docker/nginx.conf in
 * front of two compiled instances on one database (`/erp/` prefix), and directly against one
 * instance, alternating in one run. Needs nginx (apt-get install nginx-light).
 */
export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      db: { type: 'string', default: 'postgres' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '32' },
      runs: { type: 'string', default: '2' },
    },
  });
  const db = values.db === 'sqlite' ? 'sqlite' : 'postgres';
  const seconds = Math.min(Math.max(Number(values.seconds) || 10, 1), 120);
  const connections = Math.min(Math.max(Number(values.connections) || 32, 1), 512);
  const runs = Math.min(Math.max(Number(values.runs) || 2, 1), 10);
  const dir = mkdtempSync(join(tmpdir(), 'bench-proxy-'));
  const services: Service[] = [];
  let nginx: ChildProcess | null = null;
  const database = await freshDatabase(db, dir);
  try {
    const main = [...serviceNodeOptions(), join(compileProject(dir), 'src', 'main.js')];
    const env = (name: string, seed: boolean): NodeJS.ProcessEnv => ({
      ...process.env,
      ...database.settings,
      SEED_DEMO: String(seed),
      HOST: '127.0.0.1',
      LOG_DIR: join(dir, `logs-${name}`),
      LOG_LEVEL: 'warn',
      LOG_STDOUT: 'false',
      RATE_LIMIT_PER_MINUTE: '0',
      TRUST_PROXY: '1',
      NODE_PATH: join(ROOT, 'node_modules'),
    });
    // The first instance migrates and seeds the empty database; the second joins it.
    services.push(await startServer(main, { ...env('a', true), PORT: await freePort() }));
    services.push(await startServer(main, { ...env('b', false), PORT: await freePort() }));
    const started = await startNginx(
      dir,
      services.map((s) => new URL(s.base).host),
    );
    nginx = started.child;
    const token = await login(services[0].base);
    console.log(
      `${cpus().length} CPU cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ${db}, demo catalogue, compiled service, LOG_LEVEL=warn, rate limit off; ` +
        `GET /www/artikel?limit=100, ${connections} connections, ${seconds} s per measurement`,
    );
    const targets = {
      'nginx, 2 instances': `${started.base}/erp/www/artikel?limit=100`,
      'direct, 1 instance': `${services[0].base}/www/artikel?limit=100`,
    };
    for (const url of Object.values(targets)) await measure(url, token, 2, connections); // warm-up
    const results = new Map<string, number[]>();
    for (let i = 0; i < runs; i++) {
      for (const [name, url] of Object.entries(targets)) {
        const r = await measure(url, token, seconds, connections);
        const rate = r['2xx'] / (r.duration || seconds);
        results.set(name, [...(results.get(name) ?? []), rate]);
        console.log(
          `${name.padEnd(20)} ${rate.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ` +
            `failed ${r.non2xx + r.errors}`,
        );
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const viaProxy = mean(results.get('nginx, 2 instances')!);
    const direct = mean(results.get('direct, 1 instance')!);
    console.log(
      `mean of ${runs}: through nginx to 2 instances ${viaProxy.toFixed(0)} req/s, one instance direct ` +
        `${direct.toFixed(0)} req/s (${((viaProxy / direct) * 100).toFixed(0)} %)`,
    );
  } finally {
    if (nginx) nginx.kill('SIGQUIT');
    await Promise.all(services.map((s) => stop(s.child)));
    await database.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

function measure(url: string, token: string, seconds: number, connections: number) {
  return autocannon({
    url,
    duration: seconds,
    connections,
    headers: { authorization: `Bearer ${token}` },
  });
}
