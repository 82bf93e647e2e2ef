import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { readCorpusFile } from '../libs/zugferd/test/corpus';
import { hostilePdfs, manyObjectsPdf } from '../libs/zugferd/test/hostile-pdfs';
import { compileProject, ROOT } from './support/compile';
import { freePort, freshDatabase, login, serviceNodeOptions, startServer, stop } from './support/service';

const xml = readCorpusFile('xml-cii/EN16931_Einfach.cii.xml').toString('base64');

interface Job {
  label: string;
  body: string;
}

/**
 * npm run bench -- zugferd-hostile [--seconds N]: does the service stay responsive while clients
 * post hostile PDFs? The compiled service (SQLite, default settings) gets the hostile corpus in
 * Extract and Combine, a 33 MB Combine of 550,000 objects (a 44 MB body) and a job over the time
 * limit, from 4 clients in a loop; meanwhile one client asks GET /health every 10 ms. Prints the
 * /health latencies without and with that load, and each job's slowest answer and its statuses.
 */
export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { seconds: { type: 'string', default: '20' } } });
  const seconds = Math.min(Math.max(Number(values.seconds) || 20, 1), 600);
  const dir = mkdtempSync(join(tmpdir(), 'bench-zugferd-hostile-'));
  try {
    const main = join(compileProject(dir), 'src', 'main.js');
    const database = await freshDatabase('sqlite', dir);
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
      const token = await login(service.base);
      const jobs: Job[] = hostilePdfs().flatMap((hostile) =>
        ['Extract', 'Combine'].map((operation) => ({
          label: `${operation} ${hostile.name}`,
          body: JSON.stringify({ Operation: operation, PDF: hostile.pdf.toString('base64'), XML: xml }),
        })),
      );
      jobs.push({
        label: 'Combine 33 MB, 550,000 objects',
        body: JSON.stringify({
          Operation: 'Combine',
          PDF: manyObjectsPdf(550_000).toString('base64'),
          XML: xml,
        }),
      });
      const idle = await probeHealth(service.base, 3, () => true);
      let running = true;
      const answers = new Map<string, { statuses: Map<number, number>; slowestMs: number; reason: string }>();
      const client = async (offset: number): Promise<void> => {
        for (let index = offset; running; index++) {
          const job = jobs[index % jobs.length];
          const started = performance.now();
          const res = await fetch(`${service.base}/www/zugferd`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: job.body,
          });
          const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
          const entry = answers.get(job.label) ?? { statuses: new Map(), slowestMs: 0, reason: '' };
          if (res.status !== 200 && entry.reason === '')
            entry.reason = (JSON.parse(text) as { error_description: string }).error_description;
          entry.statuses.set(res.status, (entry.statuses.get(res.status) ?? 0) + 1);
          entry.slowestMs = Math.max(entry.slowestMs, performance.now() - started);
          answers.set(job.label, entry);
        }
      };
      const clients = [0, 5, 10, 15].map((offset) => client(offset));
      const loaded = await probeHealth(service.base, seconds, () => running);
      running = false;
      await Promise.all(clients);

      console.log(`\nGET /health every 10 ms, ${seconds} s under load vs 3 s idle (ms)`);
      console.log('            count    p50    p99    max');
      for (const [label, times] of [
        ['idle', idle],
        ['hostile', loaded],
      ] as const)
        console.log(
          `${label.padEnd(10)} ${String(times.length).padStart(6)} ${[0.5, 0.99, 1]
            .map((q) => quantile(times, q).toFixed(1).padStart(6))
            .join(' ')}`,
        );
      console.log('\njob                                               answers            slowest ms');
      for (const [label, entry] of answers)
        console.log(
          `${label.padEnd(50)}${[...entry.statuses]
            .map(([status, count]) => `${count}x${status}`)
            .join(' ')
            .padEnd(19)}${entry.slowestMs.toFixed(0).padStart(10)}  ${entry.reason}`,
        );
    } finally {
      await stop(service.child);
      await database.dispose();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** GET /health one after the other, 10 ms apart, for `seconds`; returns the latencies. */
async function probeHealth(base: string, seconds: number, going: () => boolean): Promise<number[]> {
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end && going()) {
    const started = performance.now();
    const res = await fetch(`${base}/health`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`/health answered ${res.status}`);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return times;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}
