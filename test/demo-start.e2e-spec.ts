import { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCorpusFile } from '../libs/zugferd/test/corpus';
import { Service, startService, stopService } from './support/child-processes';

jest.setTimeout(180_000);

/**
 * Whether the service of `base` accepts a connection on `address`: 127.0.0.2 is loopback too on
 * Linux, but a listener on 127.0.0.1 alone does not take it, one on 0.0.0.0 does.
 */
function accepts(base: string, address: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(Number(new URL(base).port), address);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** Starts main.ts on a new SQLite file in a folder of its own, as `npm start` (--demo) or plainly; HOST unset. */
function start(dir: string, args: string[]): Promise<Service> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DB_PATH: join(dir, 'erp.sqlite'),
    LOG_DIR: join(dir, 'logs'),
    LOG_STDOUT: 'false',
  };
  for (const name of ['DB_TYPE', 'DATABASE_URL', 'SEED_DEMO']) delete env[name];
  return startService({ cwd: dir, env, args, host: null });
}

const stop = (child: ChildProcess) => stopService(child);

const login = (base: string, user: string, password: string) =>
  fetch(`${base}/www/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
  });

/** API users are created implicitly only by `npm start` on a new embedded database, which says so. */
describe('demo users', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'erp-demo-start-'));
    dirs.push(dir);
    return dir;
  };

  afterAll(async () => {
    await Promise.all(children.map(stop));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('npm start (--demo) on a new embedded database loads the demo data and says so', async () => {
    const dir = folder();
    const s = await start(dir, ['--demo']);
    children.push(s.child);
    expect(s.out).toContain(
      `New embedded database ${join(dir, 'erp.sqlite')}: loading the demo data with the demo users demo/demo (shop) and admin/admin (admin).`,
    );
    expect((await login(s.base, 'demo', 'demo')).status).toBe(200);
    expect((await login(s.base, 'admin', 'admin')).status).toBe(200);
  });

  it('start lines: --demo without HOST listens on 127.0.0.1 only, and an open SQLite file is named', async () => {
    const dir = folder();
    // A database file made before files were created 0600 (an empty file is a new database).
    writeFileSync(join(dir, 'erp.sqlite'), '');
    chmodSync(join(dir, 'erp.sqlite'), 0o644);
    const s = await start(dir, ['--demo']);
    children.push(s.child);
    expect(s.out).toContain(
      `WARNING: the SQLite file ${join(dir, 'erp.sqlite')} is open to other users of this machine ` +
        '(mode 0644; it holds password hashes and secrets): chmod 600 it and its -wal and -shm files.\n',
    );
    expect(s.out).toContain(
      `ERP REST service listening on http://127.0.0.1:${new URL(s.base).port} (database: sqlite)\n`,
    );
    expect(s.out).toContain(
      'Reachable from this machine only: npm start listens on 127.0.0.1 unless HOST is set ' +
        '(HOST=0.0.0.0 serves every interface; give the demo users new passwords first).\n',
    );
    expect(await accepts(s.base, '127.0.0.1')).toBe(true);
    expect(await accepts(s.base, '127.0.0.2')).toBe(false);
  });

  it('a plain start on a new embedded database creates the schema but no user, on every interface', async () => {
    const dir = folder();
    const s = await start(dir, []);
    children.push(s.child);
    expect(s.out).not.toContain('demo users');
    expect(s.out).not.toContain('Reachable from this machine only');
    expect(s.out).not.toContain('open to other users');
    expect(await accepts(s.base, '127.0.0.2')).toBe(true);
    expect(existsSync(join(dir, 'erp.sqlite'))).toBe(true);
    for (const [user, password] of [
      ['demo', 'demo'],
      ['admin', 'admin'],
    ])
      expect((await login(s.base, user, password)).status).toBe(401);
  });
});

/** Every entry below `dir` with its permission bits, directories marked with a trailing slash. */
function modesBelow(dir: string, prefix = ''): Record<string, string> {
  const modes: Record<string, string> = {};
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const path = join(prefix, entry.name);
    const mode = (statSync(join(dir, path)).mode & 0o777).toString(8);
    if (!entry.isDirectory()) modes[path] = mode;
    else Object.assign(modes, { [`${path}/`]: mode }, modesBelow(dir, path));
  }
  return modes;
}

describe('files the service creates', () => {
  let dir = '';
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child) await stop(child);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the database with its -wal and -shm, the logs (rotated too) and Debug work files: owner only (--demo with HOST set)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'erp-file-modes-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DB_PATH: join(dir, 'data', 'erp.sqlite'),
      LOG_DIR: join(dir, 'logs'),
      LOG_STDOUT: 'false',
      LOG_FILE_MAX_BYTES: '4096',
    };
    for (const name of ['DB_TYPE', 'DATABASE_URL', 'SEED_DEMO', 'ZUGFERD_WORK_DIR']) delete env[name];
    // HOST set: --demo listens where it says.
    const s = await startService({ cwd: dir, env, args: ['--demo'], host: '0.0.0.0' });
    child = s.child;
    expect(s.out).not.toContain('Reachable from this machine only');
    expect(await accepts(s.base, '127.0.0.2')).toBe(true);
    const token = ((await (await login(s.base, 'admin', 'admin')).json()) as { access_token: string })
      .access_token;
    const combined = await fetch(`${s.base}/www/zugferd`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        Operation: 'Combine',
        PDF: readCorpusFile('pdf-plain/plain_mustang_508blanko_PDFA3B.pdf').toString('base64'),
        XML: readCorpusFile('xml-cii/EN16931_Einfach.cii.xml').toString('base64'),
        Debug: true,
      }),
    });
    expect(combined.status).toBe(200);
    // Requests until the 4 KB log files have rotated at least twice (lines are written asynchronously).
    const logFiles = () => readdirSync(join(dir, 'logs')).filter((n) => n.endsWith('.log'));
    for (let i = 0; i < 400 && logFiles().length < 3; i += 1) {
      await fetch(`${s.base}/www/artikel?limit=1`, { headers: { Authorization: `Bearer ${token}` } });
    }
    expect(logFiles().length).toBeGreaterThanOrEqual(3);

    const modes = modesBelow(dir);
    for (const name of ['erp.sqlite', 'erp.sqlite-wal', 'erp.sqlite-shm'])
      expect(modes[join('data', name)]).toBe('600');
    expect(
      Object.keys(modes).filter((p) => p.startsWith(join('data', 'zugferd-debug'))).length,
    ).toBeGreaterThan(2);
    const wrong = Object.entries(modes).filter(
      ([path, mode]) => mode !== (path.endsWith('/') ? '700' : '600'),
    );
    expect(wrong).toEqual([]);
  });
});
