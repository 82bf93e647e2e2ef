import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { freshBuild } from './compiled-build';

/** The repository's root. */
export const ROOT = join(__dirname, '..', '..');

/**
 * `node` arguments that run a TypeScript entry point of the repository the way the npm scripts
 * do; resolved here, because the processes may run in a folder of their own without packages.
 */
export const TS_NODE = [
  '-r',
  require.resolve('ts-node/register/transpile-only'),
  '-r',
  require.resolve('tsconfig-paths/register'),
];

/** A port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((ok) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node <args>` to its end, with `stdin` piped in, and collects what it printed. */
export function runToEnd(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; stdin?: string },
): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

/**
 * `node` arguments that run an entry point of the repository (`src/cli/users.ts`, say): its
 * compiled build when one matches the sources (compiled-build.ts), else the source through ts-node.
 */
export function entryPoint(source: string): string[] {
  const build = freshBuild();
  return build ? [join(build, source.replace(/\.ts$/, '.js'))] : [...TS_NODE, join(ROOT, source)];
}

export interface Service {
  child: ChildProcess;
  /** What it printed to stdout up to its "Swagger UI:" line. */
  out: string;
  base: string;
}

/**
 * Starts the service as its own process (`node src/main.ts <args>`) on a free port, listening on
 * `host` (127.0.0.1; null: HOST unset, the service's own default), and resolves once it prints
 * where Swagger UI is; fails with its stderr if it exits before. `base` is always on 127.0.0.1.
 */
export async function startService(options: {
  cwd: string;
  env: NodeJS.ProcessEnv;
  args?: string[];
  host?: string | null;
}): Promise<Service> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...options.env,
    TS_NODE_PROJECT: join(ROOT, 'tsconfig.json'),
    HOST: options.host === undefined ? '127.0.0.1' : (options.host ?? undefined),
    PORT: String(port),
  };
  if (env.HOST === undefined) delete env.HOST;
  const child = spawn(process.execPath, [...entryPoint('src/main.ts'), ...(options.args ?? [])], {
    cwd: options.cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = await new Promise<string>((ok, fail) => {
    let text = '';
    let err = '';
    child.stdout!.on('data', (c: Buffer) => {
      text += c.toString();
      if (text.includes('Swagger UI:')) ok(text);
    });
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.once('exit', (code) => fail(new Error(`exited with ${code}: ${err}`)));
  });
  return { child, out, base: `http://127.0.0.1:${port}` };
}

/** Ends a started service with `signal` and waits for its exit. */
export function stopService(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((ok) => {
    if (child.exitCode !== null || child.signalCode !== null) return ok();
    child.once('exit', () => ok());
    child.kill(signal);
  });
}
