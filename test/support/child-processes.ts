import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

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
