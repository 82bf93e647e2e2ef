import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT } from './compile';

/** A port that was free a moment ago (main.ts needs a fixed PORT). */
export function freePort(): Promise<string> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? ok(String(address.port)) : fail(new Error('no port')),
      );
    });
  });
}

/**
 * The node options the service runs with: those of `npm start` in package.json (young and old
 * generation sizes), so that a bench measures the service as it is started; the Docker image sets
 * the same ones in NODE_OPTIONS.
 */
export function serviceNodeOptions(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [node, ...words] = pkg.scripts.start.split(/\s+/);
  if (node !== 'node') throw new Error(`npm start does not run node: ${pkg.scripts.start}`);
  const script = words.findIndex((w) => !w.startsWith('--'));
  return words.slice(0, script);
}

/** Stops a service process: SIGTERM, SIGKILL after 10 s. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((ok) => {
    if (child.exitCode !== null) return ok();
    child.removeAllListeners('exit');
    child.once('exit', () => ok());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/** A bearer token of the demo user. */
export async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/www/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` },
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export interface Service {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  base: string;
}

/**
 * Spawns a node process (the service, or another server) and waits for its "listening on <url>"
 * line, at most 120 s. `ipc` opens a channel to the child (the orders bench asks it for counts).
 */
export function startServer(args: string[], env: NodeJS.ProcessEnv, ipc = false): Promise<Service> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ipc ? ['ignore', 'pipe', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('the service did not start within 120 s')), 120_000);
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/[^\s(]+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      ok({ child, base: m[1].replace('localhost', '127.0.0.1').replace('[::1]', '127.0.0.1') });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the service exited with ${code} before listening:\n${out}`));
    });
  });
}

export interface FreshDatabase {
  /** DB_TYPE and DB_PATH or DATABASE_URL for the service's environment. */
  settings: NodeJS.ProcessEnv;
  /** The PostgreSQL database's name (null on SQLite). */
  pgName: string | null;
  dispose(): Promise<void>;
}

/**
 * An empty database for one run, which the service migrates and seeds itself (SEED_DEMO=true): a
 * SQLite file in `dir`, or a temporary erp_test_* PostgreSQL or SQL Server (MSSQL_URL) database
 * dropped by `dispose`.
 */
export async function freshDatabase(
  db: 'sqlite' | 'postgres' | 'mssql',
  dir: string,
): Promise<FreshDatabase> {
  if (db === 'sqlite')
    return {
      settings: { DB_TYPE: db, DB_PATH: join(dir, 'erp.sqlite') },
      pgName: null,
      dispose: async () => undefined,
    };
  const {
    createEmptyMssqlDatabase,
    createPgDatabase,
    dropMssqlDatabase,
    dropPgDatabase,
    uniqueName,
    urlForDatabase,
  } = await import('../../test/support/test-databases');
  if (db === 'mssql') {
    const name = uniqueName('bench');
    const url = await createEmptyMssqlDatabase(name);
    // Few connections: a login to the T-SQL engine of CI is a server process (see scripts/test-mssql.sh).
    const pool = process.env.DB_POOL_SIZE ?? '4';
    return {
      settings: { DB_TYPE: db, DATABASE_URL: url, DB_POOL_SIZE: pool },
      pgName: null,
      dispose: () => dropMssqlDatabase(name),
    };
  }
  const name = uniqueName('bench');
  await createPgDatabase(name);
  return {
    settings: { DB_TYPE: db, DATABASE_URL: urlForDatabase(name) },
    pgName: name,
    dispose: () => dropPgDatabase(name),
  };
}
