import { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Service, startService, stopService } from './support/child-processes';

jest.setTimeout(180_000);

/** Starts main.ts on a new SQLite file in a folder of its own, as `npm start` (--demo) or plainly. */
function start(dir: string, args: string[]): Promise<Service> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DB_PATH: join(dir, 'erp.sqlite'),
    LOG_DIR: join(dir, 'logs'),
    LOG_STDOUT: 'false',
  };
  for (const name of ['DB_TYPE', 'DATABASE_URL', 'SEED_DEMO']) delete env[name];
  return startService({ cwd: dir, env, args });
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

  it('a plain start on a new embedded database creates the schema but no user', async () => {
    const dir = folder();
    const s = await start(dir, []);
    children.push(s.child);
    expect(s.out).not.toContain('demo users');
    expect(existsSync(join(dir, 'erp.sqlite'))).toBe(true);
    for (const [user, password] of [
      ['demo', 'demo'],
      ['admin', 'admin'],
    ])
      expect((await login(s.base, user, password)).status).toBe(401);
  });
});
