import request from 'supertest';
import { ApiUserEntity } from '@app/erp-db';
import { entryPoint, ROOT, Run, runToEnd } from './support/child-processes';
import { createTestApp, json, TestApp } from './support/test-app';

jest.setTimeout(120_000);

describe('users CLI (npm run users) against the database of a running instance', () => {
  let t: TestApp;

  /** Runs src/cli/users.ts the way `npm run users` does, with stdin piped in. */
  const users = (args: string[], stdin = ''): Promise<Run> => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DB_TYPE: t.config.dbType,
      DB_PATH: t.config.dbPath,
      TS_NODE_TRANSPILE_ONLY: 'true',
    };
    if (t.config.databaseUrl) env.DATABASE_URL = t.config.databaseUrl;
    else delete env.DATABASE_URL;
    return runToEnd([...entryPoint('src/cli/users.ts'), ...args], { cwd: ROOT, env, stdin });
  };
  const login = (user: string, password: string) =>
    request(t.server).post('/www/token').auth(user, password).parse(json);
  const deleteLog = (token: string) =>
    request(t.server).delete('/www/log').set('Authorization', `Bearer ${token}`).parse(json);
  const msUntilRefused = async (token: string): Promise<number> => {
    const started = Date.now();
    while (Date.now() - started < 8000) {
      if ((await deleteLog(token)).status === 401) return Date.now() - started;
      await new Promise((r) => setTimeout(r, 200));
    }
    return Infinity;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('add: creates a user with role, webshop and usage; the password comes from stdin', async () => {
    const res = await users(
      ['add', 'cli-shop', '--role', 'shop', '--webshop', 'SHOP2', '--usage', 'PRINT'],
      'cli-secret-one\n',
    );
    expect(res).toMatchObject({ code: 0, stdout: 'Created user cli-shop (role shop, web shop SHOP2).\n' });
    const row = await t.dataSource.getRepository(ApiUserEntity).findOneByOrFail({ name: 'cli-shop' });
    expect(row).toMatchObject({ role: 'shop', webshop: 'SHOP2', usage: 'PRINT', disabled: 0 });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain('cli-secret-one');
    expect((await login('cli-shop', 'cli-secret-one')).status).toBe(200);
  });

  it('add: refuses duplicates, bad roles, short passwords and passwords on the command line', async () => {
    const [duplicate, role, short, empty, argv] = await Promise.all([
      users(['add', 'cli-shop', '--role', 'shop', '--webshop', 'SHOP2'], 'another-secret\n'),
      users(['add', 'cli-x', '--role', 'boss'], 'another-secret\n'),
      users(['add', 'cli-x', '--role', 'shop', '--integration'], 'short\n'),
      users(['add', 'cli-x', '--role', 'shop', '--webshop', 'SHOP'], ''),
      users(['add', 'cli-x', '--role', 'shop', '--webshop', 'SHOP', '--password', 'on-the-command-line']),
    ]);
    expect(duplicate).toMatchObject({ code: 1, stderr: 'User cli-shop exists already.\n' });
    expect(role).toMatchObject({ code: 1, stderr: '--role must be one of shop, admin.\n' });
    expect(short).toMatchObject({ code: 1, stderr: 'The password needs 8 to 1024 characters.\n' });
    expect(empty).toMatchObject({ code: 1, stderr: 'No password on stdin.\n' });
    expect(argv.code).toBe(2);
    expect(argv.stderr).toContain("Unknown option '--password'");
    expect(await t.dataSource.getRepository(ApiUserEntity).countBy({ name: 'cli-x' })).toBe(0);
  });

  it('add --role shop wants --webshop or an explicit --integration, never a silent all-shops user', async () => {
    const [bare, both, adminIntegration, elsewhere] = await Promise.all([
      users(['add', 'cli-bare', '--role', 'shop'], 'cli-bare-secret\n'),
      users(['add', 'cli-bare', '--role', 'shop', '--webshop', 'SHOP', '--integration'], 'cli-bare-secret\n'),
      users(['add', 'cli-bare', '--role', 'admin', '--integration'], 'cli-bare-secret\n'),
      users(['list', '--integration']),
    ]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(
      /^add --role shop needs --webshop <value> \(the user sees that web shop's customers, orders and addresses only\) or --integration \(an integration such as an ERP sync that sees every web shop's\)\.\nUsage: npm run users/,
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^--webshop and --integration exclude each other/);
    expect(adminIntegration.code).toBe(2);
    expect(adminIntegration.stderr).toMatch(/^--integration is for role shop/);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toMatch(/^--role, --webshop, --integration and --usage belong to add\./);
    expect(await t.dataSource.getRepository(ApiUserEntity).countBy({ name: 'cli-bare' })).toBe(0);

    const sync = await users(['add', 'cli-sync', '--role', 'shop', '--integration'], 'cli-sync-secret\n');
    expect(sync).toMatchObject({
      code: 0,
      stdout: 'Created user cli-sync (role shop, integration: every web shop).\n',
    });
    const row = await t.dataSource.getRepository(ApiUserEntity).findOneByOrFail({ name: 'cli-sync' });
    expect(row).toMatchObject({ role: 'shop', webshop: null });
    const token = (await login('cli-sync', 'cli-sync-secret').expect(200)).body.access_token as string;
    // Customer 10001 belongs to web shop SHOP: the integration user sees it all the same.
    await request(t.server).get('/www/kunden/10001').set('Authorization', `Bearer ${token}`).expect(200);
  });

  it('list: shows every user, never a password hash', async () => {
    const table = await users(['list']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^NAME\s+ROLE\s+WEBSHOP\s+USAGE\s+STATUS$/);
    expect(table.stdout).toMatch(/^cli-shop\s+shop\s+SHOP2\s+PRINT\s+active$/m);
    const listed = JSON.parse((await users(['list', '--json'])).stdout) as Record<string, unknown>[];
    expect(listed.map((u) => u.name)).toEqual(['admin', 'cli-shop', 'cli-sync', 'demo']);
    expect(listed.find((u) => u.name === 'demo')).toEqual({
      id: expect.any(Number),
      name: 'demo',
      role: 'shop',
      webshop: 'SHOP',
      usage: 'WEB',
      disabled: false,
    });
    expect(JSON.stringify(listed)).not.toContain('scrypt');
  });

  it('disable: Basic fails and existing tokens stop within 5 s; enable lets the user back in, not its old tokens', async () => {
    expect((await users(['add', 'cli-admin', '--role', 'admin'], 'cli-admin-secret\n')).code).toBe(0);
    const token = (await login('cli-admin', 'cli-admin-secret')).body.access_token as string;
    await deleteLog(token).expect(204);
    expect(await users(['disable', 'cli-admin'])).toMatchObject({
      code: 0,
      stdout: 'User cli-admin is disabled.\n',
    });
    expect(await msUntilRefused(token)).toBeLessThanOrEqual(5500);
    expect((await login('cli-admin', 'cli-admin-secret')).status).toBe(401);
    expect((await users(['list'])).stdout).toMatch(/^cli-admin\s+admin\s+-\s+-\s+disabled$/m);
    expect((await users(['enable', 'cli-admin'])).code).toBe(0);
    expect((await login('cli-admin', 'cli-admin-secret')).status).toBe(200);
    await deleteLog(token).expect(401);
  });

  it('passwd: the new password works, the old one no longer, and the tokens of before end', async () => {
    const before = (await login('cli-shop', 'cli-secret-one')).body.access_token as string;
    await deleteLog(before).expect(403);
    const res = await users(['passwd', 'cli-shop'], 'cli-secret-two\n');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Password of cli-shop changed; [1-9]\d* token\(s\) of it revoked\.\n$/);
    expect((await login('cli-shop', 'cli-secret-one')).status).toBe(401);
    expect((await login('cli-shop', 'cli-secret-two')).status).toBe(200);
    // Refused once the instance's token cache (TOKEN_CACHE_SECONDS, 5 s) lets go of it.
    expect(await msUntilRefused(before)).toBeLessThan(Infinity);
  });

  it('revoke-tokens: every token of the user stops within 5 s on the running instance', async () => {
    const first = (await login('cli-admin', 'cli-admin-secret')).body.access_token as string;
    const second = (await login('cli-admin', 'cli-admin-secret')).body.access_token as string;
    await deleteLog(first).expect(204);
    const res = await users(['revoke-tokens', 'cli-admin']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Revoked 3 token\(s\) of cli-admin\.\n$/);
    expect(await msUntilRefused(first)).toBeLessThanOrEqual(5500);
    await deleteLog(second).expect(401);
    await deleteLog(await t.token('admin')).expect(204);
  });

  it('unknown users and commands fail with a message', async () => {
    const [disable, revoke, bad] = await Promise.all([
      users(['disable', 'nobody']),
      users(['revoke-tokens', 'nobody']),
      users(['explode']),
    ]);
    expect(disable).toMatchObject({ code: 1, stderr: 'There is no user nobody.\n' });
    expect(revoke).toMatchObject({ code: 1, stderr: 'There is no user nobody.\n' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^Unknown command explode\.\nUsage: npm run users/);
  });
});
