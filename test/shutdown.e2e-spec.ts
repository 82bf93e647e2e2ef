import { ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, stopService } from './support/child-processes';
import { cloneTemplate, testDbType } from './support/test-databases';

jest.setTimeout(120_000);

interface Answer {
  status: number;
  body: string;
}

/** One request on its own connection; `hold` delays the second half of the body. */
function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
  hold?: Promise<void>,
  sent?: () => void,
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
    if (sent) req.on('finish', sent);
    if (!bytes) return void req.end();
    const half = Math.floor(bytes.length / 2);
    req.write(bytes.subarray(0, half));
    void (hold ?? Promise.resolve()).then(() => req.end(bytes.subarray(half)));
  });
}

/**
 * The service's drain in this test. With 1.5 s the pages sent just before SIGTERM were reset twice
 * in many runs, each time on the loaded 2-core CI machine: a longer drain leaves a starved service
 * time to read them. The test waits half a second beyond it before it expects a refused connection.
 */
const DRAIN_MS = 4000;

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
    );
    await new Promise((r) => setTimeout(r, 300));
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
    service.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));

    // Draining: still served, but no longer ready, so that a balancer stops sending.
    const draining = await send(service.base, 'GET', '/ready', {});
    expect(draining.status).toBe(503);
    expect(JSON.parse(draining.body)).toEqual({
      error: 'service_unavailable',
      error_description: 'The service is shutting down.',
      info: { shuttingDown: true },
    });
    await new Promise((r) => setTimeout(r, DRAIN_MS + 500));

    // After the drain the listening socket is closed: a new connection is refused.
    await expect(send(service.base, 'GET', '/health', {})).rejects.toThrow(/ECONNREFUSED/);
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
