import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createTestApp, json, TestApp } from './support/test-app';
import { eventually } from './support/webhook-receiver';

jest.setTimeout(60_000);

type LogLine = Record<string, unknown>;

const OWN_LOG_FILE = /^erp-.*\.log$/;

function ownLogFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((n) => OWN_LOG_FILE.test(n))
    .sort();
}

function readLines(dir: string, file?: string): LogLine[] {
  return (file ? [file] : ownLogFiles(dir)).flatMap((f) =>
    readFileSync(join(dir, f), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as LogLine),
  );
}

/** Log files are written asynchronously: waits until a line matches, then a little longer. */
async function waitForLine(dir: string, match: (l: LogLine) => boolean): Promise<LogLine[]> {
  const started = Date.now();
  while (Date.now() - started < 5000) {
    if (readLines(dir).some(match)) {
      await new Promise((r) => setTimeout(r, 100));
      return readLines(dir).filter(match);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no matching log line within 5 s');
}

describe('log: request lines and DELETE /www/log', () => {
  let t: TestApp;
  let outside: string;

  beforeAll(async () => {
    t = await createTestApp();
    outside = mkdtempSync(join(tmpdir(), 'erp-log-outside-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(outside, { recursive: true, force: true });
  });

  it('logs every request once: id, user, method, path without query, status, duration', async () => {
    await request(t.server).get('/health?verbose=1').set('X-Request-Id', 'log-req-1').expect(200);
    const [line, ...more] = await waitForLine(t.config.logDir, (l) => l.reqId === 'log-req-1');
    expect(more).toEqual([]);
    expect(line).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      pid: process.pid,
      hostname: expect.any(String),
      reqId: 'log-req-1',
      method: 'GET',
      path: '/health',
      status: 200,
      durationMs: expect.any(Number),
      ip: '127.0.0.1',
      msg: 'request',
    });
  });

  it('names the user of an authenticated request, also when it is refused for its role', async () => {
    const token = await t.token('demo');
    await request(t.server)
      .delete('/www/log')
      .set('Authorization', `Bearer ${token}`)
      .set('X-Request-Id', 'log-req-2')
      .expect(403);
    await request(t.server)
      .delete('/www/log?x=1')
      .set('Authorization', 'Bearer not-a-token')
      .set('X-Request-Id', 'log-req-3')
      .expect(401);
    await request(t.server).get('/www/gibtsnicht').set('X-Request-Id', 'log-req-4').expect(404);
    const [forbidden] = await waitForLine(t.config.logDir, (l) => l.reqId === 'log-req-2');
    expect(forbidden).toMatchObject({ user: 'demo', method: 'DELETE', path: '/www/log', status: 403 });
    const [refused] = await waitForLine(t.config.logDir, (l) => l.reqId === 'log-req-3');
    expect(refused).toMatchObject({ method: 'DELETE', path: '/www/log', status: 401 });
    expect(refused).not.toHaveProperty('user');
    const [missing] = await waitForLine(t.config.logDir, (l) => l.reqId === 'log-req-4');
    expect(missing).toMatchObject({ method: 'GET', path: '/www/gibtsnicht', status: 404 });
  });

  it('DELETE /www/log: a shop user gets 403 and nothing is deleted', async () => {
    const before = ownLogFiles(t.config.logDir);
    const res = await request(t.server)
      .delete('/www/log')
      .set('Authorization', `Bearer ${await t.token('demo')}`)
      .parse(json)
      .expect(403);
    expect(res.body.error).toBe('forbidden');
    expect(ownLogFiles(t.config.logDir)).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
  });

  it('DELETE /www/log: deletes every log file of LOG_DIR whatever its name, nothing else, nothing outside', async () => {
    const dir = t.config.logDir;
    writeFileSync(join(outside, 'victim.log'), 'outside\n');
    mkdirSync(join(outside, 'sub'));
    writeFileSync(join(outside, 'sub', 'deep.log'), 'outside too\n');
    const planted = [
      'old.log',
      'rotated.log.1',
      'archive.log.gz',
      '..strange..log',
      'with space und Ümlaut.log',
      '-dash.log',
      'UPPER.LOG',
    ];
    for (const name of planted) writeFileSync(join(dir, name), 'old line\n');
    symlinkSync(join(outside, 'victim.log'), join(dir, 'link-to-outside.log'));
    symlinkSync(outside, join(dir, 'link-to-dir.log'));
    symlinkSync(join(outside, 'gone'), join(dir, 'dangling.log'));
    mkdirSync(join(dir, 'nested.log'));
    writeFileSync(join(dir, 'nested.log', 'inner.log'), 'kept\n');
    writeFileSync(join(dir, 'notes.txt'), 'not a log file\n');
    const before = ownLogFiles(dir);

    const res = await request(t.server)
      .delete('/www/log')
      .set('Authorization', `Bearer ${await t.token('admin')}`)
      .set('X-Request-Id', 'log-delete-1');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');

    const left = readdirSync(dir).filter((n) => /\.log/i.test(n) && !lstatSync(join(dir, n)).isDirectory());
    expect(left).toHaveLength(1);
    const [fresh] = left;
    expect(fresh).toMatch(OWN_LOG_FILE);
    expect(before).not.toContain(fresh);
    expect(readFileSync(join(dir, 'nested.log', 'inner.log'), 'utf8')).toBe('kept\n');
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('not a log file\n');
    expect(readFileSync(join(outside, 'victim.log'), 'utf8')).toBe('outside\n');
    expect(readFileSync(join(outside, 'sub', 'deep.log'), 'utf8')).toBe('outside too\n');

    // Logging goes on in the fresh file: who deleted, the DELETE itself, the next request.
    await request(t.server).get('/health').set('X-Request-Id', 'log-after-delete').expect(200);
    await waitForLine(dir, (l) => l.reqId === 'log-after-delete');
    const lines = readLines(dir, fresh);
    expect(lines[0]).toMatchObject({
      msg: 'log files deleted',
      user: 'admin',
      deletedFiles: before.length + 10,
    });
    expect(lines).toContainEqual(
      expect.objectContaining({ reqId: 'log-delete-1', status: 204, user: 'admin' }),
    );
    expect(lines).toContainEqual(expect.objectContaining({ reqId: 'log-after-delete', status: 200 }));
    expect(lines.some((l) => l.msg === 'old line')).toBe(false);
  });

  it('logging goes on when the current file is deleted behind its back', async () => {
    const dir = t.config.logDir;
    for (const f of ownLogFiles(dir)) rmSync(join(dir, f));
    // The watchdog (every 5 s) sees the file gone and opens a new one.
    await eventually(() => ownLogFiles(dir).length > 0, 15_000, 'a new log file');
    await request(t.server).get('/health').set('X-Request-Id', 'log-after-rm').expect(200);
    const [line] = await waitForLine(dir, (l) => l.reqId === 'log-after-rm');
    expect(line.status).toBe(200);
  });
});

describe('log: rotation', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ LOG_FILE_MAX_BYTES: '4096', LOG_MAX_FILES: '3' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('starts a new file before one passes LOG_FILE_MAX_BYTES and keeps LOG_MAX_FILES files', async () => {
    for (let i = 0; i < 120; i++) await request(t.server).get('/health').set('X-Request-Id', `rot-${i}`);
    await waitForLine(t.config.logDir, (l) => l.reqId === 'rot-119');
    // Old files are removed asynchronously after a rotation.
    await eventually(() => ownLogFiles(t.config.logDir).length <= 3, 5000, 'the old files removed');
    const files = ownLogFiles(t.config.logDir);
    expect(files).toHaveLength(3);
    for (const f of files) expect(statSync(join(t.config.logDir, f)).size).toBeLessThanOrEqual(4096);
    const ids = readLines(t.config.logDir).map((l) => l.reqId);
    for (let i = 110; i < 120; i++) expect(ids).toContain(`rot-${i}`);
    expect(ids).not.toContain('rot-0');
  });
});

describe('log: secrets never reach the log files', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('contains no password, token, Authorization value or Base64 payload after a run of requests', async () => {
    const password = 'Pr0be:Secret-Passw0rd!';
    const wrongPassword = 'Wr0ng-Secret-Passw0rd?';
    const payload = Buffer.from('%PDF-1.7 '.repeat(300) + 'secret invoice content').toString('base64');
    const garbageToken = 'GarbageTokenGarbageTokenGarbageTokenGarbage';
    const basic = (user: string, pw: string) => 'Basic ' + Buffer.from(`${user}:${pw}`).toString('base64');

    const token = await t.token('demo');
    const adminToken = await t.token('admin');
    const issued = await request(t.server)
      .post('/www/token')
      .set('Authorization', basic('demo', 'demo'))
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ password, PDF: payload }))
      .parse(json)
      .expect(200);
    const bodyToken = issued.body.access_token as string;
    await request(t.server).post('/www/token').set('Authorization', basic('demo', wrongPassword)).expect(401);
    await request(t.server).post('/www/token').set('Authorization', basic(password, password)).expect(401);
    await request(t.server).delete(`/www/log?access_token=${adminToken}`).expect(401);
    await request(t.server).delete('/www/log').set('Authorization', `Bearer ${garbageToken}`).expect(401);
    await request(t.server).delete('/www/log').set('Authorization', `Bearer ${token}`).expect(403);
    const inPath = payload.slice(100, 190).replace(/[+/]/g, 'x');
    await request(t.server).get(`/www/artikel/${inPath}`).set('X-Request-Id', 'scan-path').expect(401);
    await request(t.server)
      .post('/www/zugferd')
      .set('Authorization', `Bearer ${bodyToken}`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ Operation: 'Extract', PDF: payload, Verbose: true, password }));
    await request(t.server)
      .post('/www/zugferd')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ Operation: 'Combine', PDF: payload, XML: payload, Verbose: true }))
      .set('X-Request-Id', 'scan-last');
    await waitForLine(t.config.logDir, (l) => l.reqId === 'scan-last');

    const [pathLine] = await waitForLine(t.config.logDir, (l) => l.reqId === 'scan-path');
    expect(pathLine.path).toBe('/www/artikel/[redacted]');
    const text = ownLogFiles(t.config.logDir)
      .map((f) => readFileSync(join(t.config.logDir, f), 'utf8'))
      .join('');
    expect(text.split('\n').filter((l) => l.includes('"msg":"request"')).length).toBeGreaterThanOrEqual(10);
    const secrets = {
      password,
      wrongPassword,
      token,
      adminToken,
      bodyToken,
      garbageToken,
      basicDemo: basic('demo', 'demo').slice(6),
      basicWrong: basic('demo', wrongPassword).slice(6),
      payloadStart: payload.slice(0, 40),
      payloadMiddle: payload.slice(2000, 2040),
      inPath,
    };
    expect(Object.entries(secrets).filter(([, s]) => text.includes(s))).toEqual([]);
    expect(text).not.toMatch(/[A-Za-z0-9+/]{40,}/);
    expect(existsSync(t.config.logDir)).toBe(true);
  });
});
