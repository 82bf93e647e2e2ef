import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { freePort, ROOT } from './child-processes';

/**
 * docker/nginx.conf as the tests and benches run it: the file itself, with its listen port and its
 * upstream host (`api:3000`, the compose service) replaced by a local port and an upstream of the
 * given instances, inside the minimal main configuration nginx needs to run from a folder.
 */
export function nginxConfig(dir: string, port: number, upstreams: string[]): string {
  const site = readFileSync(join(ROOT, 'docker', 'nginx.conf'), 'utf8');
  if (!site.includes('listen 80;') || !site.includes('http://api:3000/'))
    throw new Error('docker/nginx.conf changed shape: adapt test/support/nginx.ts');
  const local = site
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replaceAll('http://api:3000/', 'http://api/');
  const temp = (name: string) => {
    mkdirSync(join(dir, name), { recursive: true });
    return join(dir, name);
  };
  return [
    'user root;',
    'worker_processes 1;',
    `error_log ${join(dir, 'error.log')} warn;`,
    `pid ${join(dir, 'nginx.pid')};`,
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    `  client_body_temp_path ${temp('body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`,
    `  scgi_temp_path ${temp('scgi')};`,
    `  upstream api { ${upstreams.map((u) => `server ${u};`).join(' ')} keepalive 32; }`,
    local,
    '}',
  ].join('\n');
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      ok(true);
    });
    socket.once('error', () => ok(false));
  });
}

/** Starts Debian's nginx on a free port of 127.0.0.1 with docker/nginx.conf in front of `upstreams` (host:port). */
export async function startNginx(
  dir: string,
  upstreams: string[],
): Promise<{ child: ChildProcess; base: string }> {
  if (spawnSync('nginx', ['-v']).error)
    throw new Error(
      'nginx is not installed (Debian/Ubuntu: apt-get install nginx-light); .ci/run installs it',
    );
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(dir, port, upstreams));
  const child = spawn('nginx', ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  for (let i = 0; i < 100 && !(await portOpen(port)); i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${err}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, base: `http://127.0.0.1:${port}` };
}
