import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { compileProject, ROOT } from './support/compile';
import { freePort, freshDatabase, login, serviceNodeOptions, startServer, stop } from './support/service';

/** How often the service's memory is printed. */
const SAMPLE_MS = 30_000;
/** Samples before this are start-up and warm-up (caches filling); growth counts from here. */
const SETTLED_MS = 2 * 60_000;

interface Sample {
  minute: number;
  rssMb: number;
  heapMb: number;
  requests: number;
  failed: number;
}

/**
 * npm run bench -- soak [--minutes 10] [--clients 8]
 * The compiled service in its own process on a fresh demo database (SQLite, or with DB_TYPE=postgres
 * a temporary erp_test_* database), under a mixed load for --minutes: article pages, customer and
 * order reads, order and customer writes, logins. Prints the service's RSS and V8 heap (from its
 * /metrics) every 30 s, and the RSS growth from minute 2 to the end.
 */
export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { minutes: { type: 'string', default: '10' }, clients: { type: 'string', default: '8' } },
  });
  const minutes = Math.min(Math.max(Number(values.minutes) || 10, 1), 240);
  const clients = Math.min(Math.max(Number(values.clients) || 8, 1), 64);
  const db = process.env.DB_TYPE === 'postgres' ? 'postgres' : 'sqlite';
  const dir = mkdtempSync(join(tmpdir(), 'bench-soak-'));
  const database = await freshDatabase(db, dir);
  try {
    const main = [...serviceNodeOptions(), join(compileProject(dir), 'src', 'main.js')];
    const service = await startServer(main, {
      ...process.env,
      SEED_DEMO: 'true',
      HOST: '127.0.0.1',
      PORT: await freePort(),
      LOG_DIR: join(dir, 'logs'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      LOGIN_MAX_PER_MINUTE: '0',
      NODE_PATH: join(ROOT, 'node_modules'),
      ...database.settings,
    });
    try {
      console.log(`database: ${database.pgName ?? 'SQLite'}; ${clients} clients for ${minutes} min`);
      const samples = await soak(service.base, clients, minutes * 60_000);
      report(samples);
    } finally {
      await stop(service.child);
    }
  } finally {
    await database.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function soak(base: string, clients: number, durationMs: number): Promise<Sample[]> {
  const token = await login(base);
  const load = new MixedLoad(base, token);
  const started = Date.now();
  const until = started + durationMs;
  const loops = Array.from({ length: clients }, () => load.loop(until));
  const samples: Sample[] = [];
  for (let next = started + SAMPLE_MS; next <= until; next += SAMPLE_MS) {
    await new Promise((r) => setTimeout(r, next - Date.now()));
    const memory = await serviceMemory(base);
    const sample = {
      minute: (Date.now() - started) / 60_000,
      ...memory,
      requests: load.requests,
      failed: load.failed,
    };
    samples.push(sample);
    console.log(
      `${sample.minute.toFixed(1).padStart(5)} min  RSS ${sample.rssMb.toFixed(0).padStart(4)} MB  ` +
        `heap ${sample.heapMb.toFixed(0).padStart(4)} MB  requests ${sample.requests}  failed ${sample.failed}`,
    );
  }
  await Promise.all(loops);
  return samples;
}

function report(samples: Sample[]): void {
  const settled = samples.find((s) => s.minute * 60_000 >= SETTLED_MS);
  const last = samples.at(-1);
  if (!settled || !last || last === settled) {
    console.log('RSS growth: the run is too short to say (it counts from minute 2).');
    return;
  }
  const growth = ((last.rssMb - settled.rssMb) / settled.rssMb) * 100;
  const peak = Math.max(...samples.map((s) => s.rssMb));
  console.log(
    `RSS growth from minute ${settled.minute.toFixed(1)} to ${last.minute.toFixed(1)}: ` +
      `${settled.rssMb.toFixed(0)} -> ${last.rssMb.toFixed(0)} MB (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %), ` +
      `peak ${peak.toFixed(0)} MB; ${last.requests} requests, ${last.failed} failed`,
  );
}

/** RSS and used V8 heap from the service's Prometheus metrics (open to loopback). */
async function serviceMemory(base: string): Promise<{ rssMb: number; heapMb: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = (name: string): number => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    if (!line) throw new Error(`/metrics has no ${name}`);
    return Number(line.split(' ')[1]) / 2 ** 20;
  };
  return { rssMb: value('process_resident_memory_bytes'), heapMb: value('nodejs_heap_size_used_bytes') };
}

/** The mix, one step after the other per client: reads mostly, a write in five, a login in ten. */
class MixedLoad {
  requests = 0;
  failed = 0;
  private step = 0;
  private readonly orders: string[] = [];
  private readonly customers: string[] = ['10001'];

  constructor(
    private readonly base: string,
    private readonly token: string,
  ) {}

  async loop(until: number): Promise<void> {
    while (Date.now() < until) await this.next(this.step++);
  }

  private async next(i: number): Promise<void> {
    switch (i % 10) {
      case 0:
      case 1:
      case 2:
        return void (await this.call('GET', `/www/artikel?limit=100&offset=${(i * 37) % 500}`));
      case 3:
        return void (await this.call('GET', `/www/kunden/${pick(this.customers, i)}`));
      case 4:
        if (this.orders.length > 0)
          return void (await this.call('GET', `/www/auftrag/${pick(this.orders, i)}`));
        return void (await this.call('GET', '/www/artikel?limit=20'));
      case 5: {
        const created = await this.call('POST', '/www/auftrag', {
          GrundDaten: { KundNr: '10001', AuftBestellNr: `soak-${process.pid}-${i}` },
          Positionen: [{ ArtNr: '1000', Menge: 1 + (i % 3) }],
        });
        const auftNr = (created as { data?: { AuftNr?: string } } | null)?.data?.AuftNr;
        if (auftNr) remember(this.orders, auftNr);
        return;
      }
      case 6: {
        const created = await this.call('POST', '/www/kunden', newCustomer(i));
        const debiNr = (created as { data?: { DebiNr?: string } } | null)?.data?.DebiNr;
        if (debiNr) remember(this.customers, debiNr);
        return;
      }
      case 7:
        return void (await this.login());
      default:
        return void (await this.call('GET', `/www/kunden/${pick(this.customers, i)}?order=5`));
    }
  }

  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    this.requests++;
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch(() => null);
    if (!res || res.status >= 300) {
      this.failed++;
      await res?.arrayBuffer();
      return null;
    }
    return res.json().catch(() => null);
  }

  private async login(): Promise<void> {
    this.requests++;
    await login(this.base).catch(() => this.failed++);
  }
}

/** Keeps the last 1000 keys: reads spread over what was written lately. */
function remember(keys: string[], key: string): void {
  keys.push(key);
  if (keys.length > 1000) keys.shift();
}

function pick(keys: string[], i: number): string {
  return keys[(i * 7919) % keys.length];
}

function newCustomer(i: number): unknown {
  return {
    GrundDaten: { WaehrAbk: 'CHF', FAKTZahlArt: 'L', Kommentar: 'Soak' },
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
