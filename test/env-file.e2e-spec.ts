import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { entryPoint, freePort, ROOT, runToEnd } from './support/child-processes';
import { cloneTemplate, testDbType } from './support/test-databases';

jest.setTimeout(180_000);

/** The environment of a process that knows nothing of the database but what `.env` tells it. */
function bareEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, TS_NODE_PROJECT: join(ROOT, 'tsconfig.json') };
  for (const name of ['DB_TYPE', 'DB_PATH', 'DATABASE_URL', 'SEED_DEMO', 'PORT', 'HOST', 'LOG_DIR'])
    delete env[name];
  return env;
}

const run = (args: string[], cwd: string) => runToEnd(args, { cwd, env: bareEnv() });

/**
 * The settings of a `.env` file in the working directory reach everything that reads them,
 * the entity column types included (they are chosen from DB_TYPE when the entities load), in
 * the service and in the CLIs alike; process environment variables win over the file.
 */
describe('.env in the working directory', () => {
  let dir: string;
  let db: Awaited<ReturnType<typeof cloneTemplate>>;
  let service: ChildProcess | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'erp-env-file-'));
    db = await cloneTemplate();
  });

  afterAll(async () => {
    if (service && service.exitCode === null) {
      const exited = new Promise((ok) => service!.once('exit', ok));
      service.kill('SIGTERM');
      await exited;
    }
    await db.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const writeEnv = (lines: string[]) => writeFileSync(join(dir, '.env'), lines.join('\n') + '\n');
  const databaseLines = () =>
    testDbType() === 'postgres'
      ? ['DB_TYPE=postgres', `DATABASE_URL=${db.url}`]
      : ['DB_TYPE=sqlite', `DB_PATH=${db.path}`];

  it(`starts the service on the database the file names (${testDbType()}) and serves its data`, async () => {
    const port = await freePort();
    writeEnv([...databaseLines(), 'SEED_DEMO=false', 'HOST=127.0.0.1', `PORT=${port}`, 'LOG_DIR=./logs']);
    service = spawn(process.execPath, entryPoint('src/main.ts'), {
      cwd: dir,
      env: bareEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const banner = await new Promise<string>((ok, fail) => {
      let out = '';
      let err = '';
      service!.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        const line = /ERP REST service listening on .*\n/.exec(out);
        if (line) ok(line[0].trim());
      });
      service!.stderr!.on('data', (c: Buffer) => (err += c.toString()));
      service!.once('exit', (code) => fail(new Error(`service exited with ${code}: ${err || out}`)));
    });
    expect(banner).toBe(`ERP REST service listening on http://127.0.0.1:${port} (database: ${testDbType()})`);

    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/www/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` },
    });
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    // A customer with its time stamps: read through the entities mapped for this database.
    const customer = await fetch(`${base}/www/kunden/10001`, {
      headers: { Authorization: `Bearer ${access_token}` },
    });
    expect(customer.status).toBe(200);
    expect(((await customer.json()) as { data: { KundBez: string } }).data.KundBez).toBe('Muster AG');
  });

  it('is read by the migrate CLI, which finds the seeded schema of that database up to date', async () => {
    writeEnv(databaseLines());
    const migrate = await run(entryPoint('src/cli/migrate.ts'), dir);
    expect(migrate).toMatchObject({ code: 0, stdout: 'Schema is up to date.\n' });
  });

  it('is validated by the CLIs as by the service: a wrong setting stops them naming it', async () => {
    writeEnv(['DB_TYPE=oracle']);
    const migrate = await run(entryPoint('src/cli/migrate.ts'), dir);
    expect(migrate.code).toBe(1);
    expect(migrate.stderr).toContain('DB_TYPE must be one of sqlite, postgres, mssql (got "oracle")');
    const service = await run(entryPoint('src/main.ts'), dir);
    expect(service.code).toBe(1);
    expect(service.stderr).toContain('DB_TYPE must be one of sqlite, postgres, mssql (got "oracle")');
  });
});
