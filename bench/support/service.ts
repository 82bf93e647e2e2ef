import { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

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
