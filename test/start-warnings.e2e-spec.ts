import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { freePort, Service, startService, stopService } from './support/child-processes';
import { cloneTemplate, testDbType } from './support/test-databases';
import { createTestApp, json, TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

jest.setTimeout(120_000);

const login = async (base: string, user: string, password: string): Promise<string> => {
  const res = await fetch(`${base}/www/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
  });
  return ((await res.json()) as { access_token: string }).access_token;
};

/** `npm start` passes --demo; on a database that exists already it must not open the private network. */
describe('private webhook destinations on a start with --demo', () => {
  const receiver = new WebhookReceiver();
  let service: Service;
  let dir: string;
  let db: Awaited<ReturnType<typeof cloneTemplate>>;

  beforeAll(async () => {
    await receiver.start();
    db = await cloneTemplate();
    dir = mkdtempSync(join(tmpdir(), 'erp-webhook-start-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DB_TYPE: testDbType(),
      DB_PATH: db.path,
      DATABASE_URL: db.url ?? '',
      LOG_DIR: join(dir, 'logs'),
      LOG_STDOUT: 'false',
    };
    for (const name of ['SEED_DEMO', 'WEBHOOK_ALLOW_PRIVATE']) delete env[name];
    service = await startService({ cwd: dir, env, args: ['--demo'] });
  });
  afterAll(async () => {
    await stopService(service.child);
    await receiver.stop();
    await db.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a loopback receiver and prints no warning about private destinations', async () => {
    expect(service.out).not.toContain('WEBHOOK_ALLOW_PRIVATE');
    const token = await login(service.base, 'admin', 'admin');
    const res = await fetch(`${service.base}/www/webhooks`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, events: ['REST_Auft'] }),
    });
    expect(res.status).toBe(422);
    expect(
      ((await res.json()) as { info: { fields: Array<{ message: string }> } }).info.fields[0].message,
    ).toBe('127.0.0.1 is a loopback, link-local or private address; webhooks go to public addresses only');
    expect(receiver.received).toHaveLength(0);
  });
});

describe('a start says what is open and what is closed', () => {
  it('warns about private webhook destinations, and says /metrics is closed behind a proxy without token', async () => {
    const db = await cloneTemplate();
    const dir = mkdtempSync(join(tmpdir(), 'erp-webhook-start-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DB_TYPE: testDbType(),
      DB_PATH: db.path,
      DATABASE_URL: db.url ?? '',
      LOG_DIR: join(dir, 'logs'),
      LOG_STDOUT: 'false',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      TRUST_PROXY: 'loopback',
    };
    for (const name of ['SEED_DEMO', 'METRICS_TOKEN']) delete env[name];
    const service = await startService({ cwd: dir, env });
    try {
      expect(service.out).toContain('WARNING: WEBHOOK_ALLOW_PRIVATE is on');
      expect(service.out).toContain(
        'GET /metrics is refused to everyone: TRUST_PROXY is set and METRICS_TOKEN is not',
      );
      expect((await fetch(`${service.base}/metrics`)).status).toBe(403);
    } finally {
      await stopService(service.child);
      await db.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The handshake's answer must not work as a port scanner: every failure reads the same. */
describe('a failed handshake tells nothing about the destination', () => {
  let t: TestApp;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp({ WEBHOOK_TIMEOUT_MS: '2000' });
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  it('a closed port, a 404 and a wrong answer get one and the same message', async () => {
    const admin = `Bearer ${await t.token('admin')}`;
    const closed = `http://127.0.0.1:${await freePort()}/hook`;
    const messages: unknown[] = [];
    for (const [url, status] of [
      [closed, 0],
      [receiver.url, 404],
      [receiver.url, 200],
    ] as const) {
      receiver.answer = () => ({ status, body: 'no' });
      const res = await request(t.server)
        .post('/www/webhooks')
        .set('Authorization', admin)
        .send({ url, events: ['REST_Auft'] })
        .parse(json)
        .expect(422);
      messages.push(res.body);
    }
    const expected = {
      error: 'unprocessable',
      error_description: 'The webhook URL did not confirm the subscription.',
      info: {
        fields: [
          {
            field: 'url',
            message:
              'the receiver did not answer the validation request with 2xx and the proof (Base64 HMAC-SHA256 of the challenge) as text or as {"proof":"…"}',
          },
        ],
      },
    };
    expect(messages).toEqual([expected, expected, expected]);
  });
});
