import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { bodyRoutes, OpenApiDocument, worstBodies } from '../test/support/worst-bodies';
import { compileProject, ROOT } from './support/compile';
import { freePort, freshDatabase, serviceNodeOptions, startServer, stop } from './support/service';

interface Job {
  label: string;
  method: string;
  url: string;
  authorization: string;
  body: string;
}

/**
 * npm run bench -- hostile-bodies [--seconds N] [--db sqlite|postgres]: does one request stall the
 * service? The compiled service gets, from 4 clients in a loop, the worst bodies of every body route
 * of its OpenAPI document within the route's byte limit (test/support/worst-bodies.ts: floods of
 * values and keys, full arrays, arrays one over maxItems, unknown keys), while one client asks
 * GET /health every 10 ms. A second phase posts the heaviest bodies the shape check lets through to
 * the validation: orders of 999 lines whose every field has the wrong type. Prints the /health
 * latencies idle and under each load, and each body's statuses and slowest answer.
 */
export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { seconds: { type: 'string', default: '20' }, db: { type: 'string', default: 'sqlite' } },
  });
  const seconds = Math.min(Math.max(Number(values.seconds) || 20, 1), 600);
  const dir = mkdtempSync(join(tmpdir(), 'bench-hostile-bodies-'));
  try {
    const main = join(compileProject(dir), 'src', 'main.js');
    const database = await freshDatabase(values.db === 'postgres' ? 'postgres' : 'sqlite', dir);
    const service = await startServer([...serviceNodeOptions(), main], {
      ...process.env,
      SEED_DEMO: 'true',
      HOST: '127.0.0.1',
      PORT: await freePort(),
      LOG_DIR: join(dir, 'logs'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      NODE_PATH: join(ROOT, 'node_modules'),
      ...database.settings,
    });
    try {
      const basic = `Basic ${Buffer.from('admin:admin').toString('base64')}`;
      const login = await fetch(`${service.base}/www/token`, {
        method: 'POST',
        headers: { Authorization: basic },
      });
      const bearer = `Bearer ${((await login.json()) as { access_token: string }).access_token}`;
      const document = (await (await fetch(`${service.base}/docs-json`)).json()) as OpenApiDocument;
      const limit = (operation: string) =>
        operation === 'POST /www/zugferd' ? 50 * 1024 * 1024 : 1024 * 1024;
      const worst: Job[] = bodyRoutes(document).flatMap((route) =>
        worstBodies(route, document, limit(route.operation)).map((w) => ({
          label: `${route.operation}: ${w.kind}`,
          method: route.method.toUpperCase(),
          url: route.url,
          authorization: route.auth === 'basic' ? basic : bearer,
          body: w.body,
        })),
      );
      const invalidLine = {
        ArtNr: 7,
        Menge: 'x',
        PosBez: 1,
        Preis: 'x',
        VPEinheit: 1,
        GRabSatz: 'x',
        VisPosNr: 'x',
      };
      const validated: Job[] = [
        {
          label: 'POST /www/auftrag: 999 lines, 999 payments, every field of the wrong type',
          method: 'POST',
          url: '/www/auftrag',
          authorization: bearer,
          body: JSON.stringify({
            GrundDaten: { KundNr: '10001' },
            Positionen: Array(999).fill(invalidLine),
            Zahlung: Array(999).fill({ Bezeichnung: 1, Wert: 2 }),
          }),
        },
      ];

      const idle = await probeHealth(service.base, 3);
      const rows: [string, number[]][] = [['idle', idle]];
      for (const [phase, jobs] of [
        ['worst bodies', worst],
        ['validated', validated],
      ] as const) {
        const answers = await load(service.base, jobs, seconds, (times) => rows.push([phase, times]));
        console.log(
          `\n${phase}: body                                                        answers      slowest ms`,
        );
        for (const [label, entry] of answers)
          console.log(
            `${label.slice(0, 70).padEnd(72)}${[...entry.statuses]
              .map(([status, count]) => `${count}x${status}`)
              .join(' ')
              .padEnd(12)}${entry.slowestMs.toFixed(0).padStart(8)}`,
          );
      }
      console.log(`\nGET /health every 10 ms: 3 s idle, ${seconds} s under each load (ms)`);
      console.log('                 count    p50    p99    max');
      for (const [label, times] of rows)
        console.log(
          `${label.padEnd(15)} ${String(times.length).padStart(6)} ${[0.5, 0.99, 1]
            .map((q) => quantile(times, q).toFixed(1).padStart(6))
            .join(' ')}`,
        );
    } finally {
      await stop(service.child);
      await database.dispose();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Answers = Map<string, { statuses: Map<number, number>; slowestMs: number }>;

/** Four clients post `jobs` in a loop (each from its own offset) while /health is probed. */
async function load(
  base: string,
  jobs: Job[],
  seconds: number,
  health: (times: number[]) => void,
): Promise<Answers> {
  let running = true;
  const answers: Answers = new Map();
  const client = async (offset: number): Promise<void> => {
    for (let index = offset; running; index++) {
      const job = jobs[index % jobs.length];
      const started = performance.now();
      const res = await fetch(`${base}${job.url}`, {
        method: job.method,
        headers: { Authorization: job.authorization, 'Content-Type': 'application/json' },
        body: job.body,
      });
      await res.arrayBuffer();
      const entry = answers.get(job.label) ?? { statuses: new Map<number, number>(), slowestMs: 0 };
      entry.statuses.set(res.status, (entry.statuses.get(res.status) ?? 0) + 1);
      entry.slowestMs = Math.max(entry.slowestMs, performance.now() - started);
      answers.set(job.label, entry);
    }
  };
  const step = Math.max(1, Math.floor(jobs.length / 4));
  const clients = [0, 1, 2, 3].map((i) => client(i * step));
  health(await probeHealth(base, seconds));
  running = false;
  await Promise.all(clients);
  return answers;
}

/** The probe runs on its own thread, so that the clients' work on their bodies does not delay it. */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const times = [];
  const end = performance.now() + workerData.seconds * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    const res = await fetch(workerData.base + '/health');
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error('/health answered ' + res.status);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  parentPort.postMessage(times);
})();
`;

/** GET /health one after the other, 10 ms apart, for `seconds`; returns the latencies. */
function probeHealth(base: string, seconds: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PROBE, { eval: true, workerData: { base, seconds } });
    worker.once('message', (times: number[]) => resolve(times));
    worker.once('error', reject);
  });
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}
