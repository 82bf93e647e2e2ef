import { ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, stopService } from './support/child-processes';
import { cloneTemplate, testDbType } from './support/test-databases';
import { eventually } from './support/webhook-receiver';

jest.setTimeout(120_000);

interface Answer {
  status: number;
  body: string;
}

/**
 * One request on its own connection; `hold` delays the second half of the body. `written` is
 * called once what is sent before `hold` (all of a request without a body) is written.
 */
function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
  hold?: Promise<void>,
  written?: () => void,
): Promise<Answer> {
  return new Promise((ok, fail) => {
    const bytes = body === undefined ? undefined : Buffer.from(body);
    const req = httpRequest(
      `${base}${path}`,
      {
        method,
        agent: false,
        headers: { ...headers, ...(bytes ? { 'Content-Length': String(bytes.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          ok({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('latin1') }),
        );
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    if (!bytes) return void req.end(written);
    const half = Math.floor(bytes.length / 2);
    req.write(bytes.subarray(0, half), written);
    void (hold ?? Promise.resolve()).then(() => req.end(bytes.subarray(half)));
  });
}

/**
 * The service's drain in this test: the time in which /ready is asked after SIGTERM. The requests
 * under way are read by the service before the signal (see `readUpToNow`), so it need not cover a
 * starved service reading them.
 */
const DRAIN_MS = 3000;

/**
 * Resolves once a request on a new connection is answered: the service accepts connections in
 * order and reads each before answering a later one, so whatever was written before is read.
 */
async function readUpToNow(base: string): Promise<void> {
  expect((await send(base, 'GET', '/health', {})).status).toBe(200);
}

/** Whether a new connection is refused (the listener is closed). */
const refused = (base: string) =>
  send(base, 'GET', '/health', {}).then(
    () => false,
    (e: Error) => /ECONNREFUSED/.test(e.message),
  );

describe('graceful shutdown: SIGTERM drains, then lets every started request finish', () => {
  let db: Awaited<ReturnType<typeof cloneTemplate>>;
  let dir: string;
  let child: ChildProcess | null = null;

  beforeAll(async () => {
    db = await cloneTemplate();
    dir = mkdtempSync(join(tmpdir(), 'erp-shutdown-'));
  });
  afterAll(async () => {
    if (child) await stopService(child, 'SIGKILL');
    await db.dispose();
    if (process.env.KEEP_SHUTDOWN_LOGS) console.log(dir);
    else rmSync(dir, { recursive: true, force: true });
  });

  it('not ready at once, then answers a half-sent order and the pages under way, refuses new connections, exits cleanly', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DB_TYPE: testDbType(),
      DB_PATH: db.path,
      SEED_DEMO: 'false',
      LOG_DIR: join(dir, 'logs'),
      LOG_STDOUT: 'false',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    };
    if (db.url) env.DATABASE_URL = db.url;
    else delete env.DATABASE_URL;
    const service = await startService({ cwd: dir, env });
    child = service.child;
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) =>
      service.child.once('exit', (code, signal) => ok({ code, signal })),
    );
    const login = await send(service.base, 'POST', '/www/token', {
      Authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}`,
    });
    const token = (JSON.parse(login.body) as { access_token: string }).access_token;
    const auth = { Authorization: `Bearer ${token}` };

    // An order whose body is half sent when SIGTERM arrives, and 30 page requests under way.
    let release!: () => void;
    const hold = new Promise<void>((ok) => (release = ok));
    let halfWritten!: () => void;
    const orderStarted = new Promise<void>((ok) => (halfWritten = ok));
    const order = send(
      service.base,
      'POST',
      '/www/auftrag',
      { ...auth, 'Content-Type': 'application/json' },
      JSON.stringify({
        GrundDaten: { KundNr: '10001', AuftBestellNr: 'SIGTERM-1' },
        Positionen: [{ ArtNr: '1000', Menge: 1 }],
      }),
      hold,
      halfWritten,
    );
    await orderStarted;
    // Pages whose requests are written to the socket just before the signal: they have started.
    let written = 0;
    let allWritten!: () => void;
    const ready = new Promise<void>((ok) => (allWritten = ok));
    const pages = Array.from({ length: 30 }, (_, i) =>
      send(service.base, 'GET', `/www/artikel?limit=100&offset=${i % 3}`, auth, undefined, undefined, () => {
        if (++written === 30) allWritten();
      }),
    );
    await ready;
    await readUpToNow(service.base);
    service.child.kill('SIGTERM');

    // Draining: still served, but no longer ready, so that a balancer stops sending.
    let draining: Answer = { status: 0, body: '' };
    await eventually(
      async () => (draining = await send(service.base, 'GET', '/ready', {})).status === 503,
      DRAIN_MS,
      '/ready to answer 503',
    );
    expect(JSON.parse(draining.body)).toEqual({
      error: 'service_unavailable',
      error_description: 'The service is shutting down.',
      info: { shuttingDown: true },
    });

    // After the drain the listening socket is closed: a new connection is refused.
    await eventually(() => refused(service.base), DRAIN_MS + 30_000, 'the listener to close');
    expect(service.child.exitCode).toBeNull(); // still finishing the order

    release();
    const answered = await order;
    expect(answered.status).toBe(201);
    const auftNr = (JSON.parse(answered.body) as { data: { AuftNr: string } }).data.AuftNr;
    for (const page of await Promise.all(pages)) {
      expect({ status: page.status, body: page.status === 200 ? '' : page.body }).toEqual({
        status: 200,
        body: '',
      });
      expect((JSON.parse(page.body) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    }
    const end = await exited;
    child = null;
    expect(end).toEqual({ code: 0, signal: null });

    // The order was committed before the pools closed.
    const again = await startService({ cwd: dir, env });
    child = again.child;
    const relogin = await send(again.base, 'POST', '/www/token', {
      Authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}`,
    });
    const token2 = (JSON.parse(relogin.body) as { access_token: string }).access_token;
    const stored = await send(again.base, 'GET', `/www/auftrag/${auftNr}`, {
      Authorization: `Bearer ${token2}`,
    });
    expect(stored.status).toBe(200);
    expect(stored.body).toContain('SIGTERM-1');
  });
});
