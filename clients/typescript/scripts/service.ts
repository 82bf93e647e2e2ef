import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The service's repository: two folders above this package (dist/scripts is two deeper). */
export const REPOSITORY = resolve(__dirname, '..', '..', '..', '..');

export interface RunningService {
  /** http://127.0.0.1:<port>, without a trailing slash. */
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
    server.on('error', fail);
  });
}

/**
 * Starts the service of this repository (src/main.ts, as `npm run start:dev` does) with `--demo` on
 * a new SQLite file in a folder of its own, listening on 127.0.0.1, and resolves once it says where
 * Swagger UI is. Needs the repository's own packages (`npm install` at its root).
 */
export async function startService(env: Record<string, string> = {}): Promise<RunningService> {
  const dir = mkdtempSync(join(tmpdir(), 'erp-client-'));
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DB_PATH: join(dir, 'erp.sqlite'),
    LOG_DIR: join(dir, 'logs'),
    LOG_STDOUT: 'false',
    ZUGFERD_WORK_DIR: join(dir, 'zugferd'),
    HOST: '127.0.0.1',
    PORT: String(port),
    TS_NODE_PROJECT: join(REPOSITORY, 'tsconfig.json'),
    ...env,
  };
  // The demo runs on its own embedded database, whatever the calling shell points at.
  for (const name of ['DB_TYPE', 'DATABASE_URL', 'SEED_DEMO', 'REDIS_URL', 'AMQP_URL'])
    if (!(name in env)) delete childEnv[name];
  const modules = join(REPOSITORY, 'node_modules');
  const child = spawn(
    process.execPath,
    [
      '-r',
      join(modules, 'ts-node', 'register', 'transpile-only'),
      '-r',
      join(modules, 'tsconfig-paths', 'register'),
      join(REPOSITORY, 'src', 'main.ts'),
      '--demo',
    ],
    { cwd: dir, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stop = (): Promise<void> =>
    new Promise<void>((ok) => {
      if (child.exitCode !== null || child.signalCode !== null) return ok();
      child.once('exit', () => ok());
      child.kill('SIGINT');
    }).then(() => rmSync(dir, { recursive: true, force: true }));
  await new Promise<void>((ok, fail) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Swagger UI:')) ok();
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => fail(new Error(`the service exited with ${code}: ${err || out}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child, stop };
}
