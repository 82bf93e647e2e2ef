import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { awayFromMinuteEnd, sleep } from './support/minute-windows';
import { createTestApp, json, sameDatabase, TestApp, userAdmin } from './support/test-app';

jest.setTimeout(60_000);

const call = (t: TestApp, token: string) =>
  request(t.server).delete('/www/log').set('Authorization', `Bearer ${token}`).parse(json);

async function tokenOf(t: TestApp, name: string, password: string): Promise<string> {
  const admin = userAdmin(t);
  await admin.add({ name, role: 'admin' }, password);
  const res = await request(t.server).post('/www/token').auth(name, password).parse(json).expect(200);
  return res.body.access_token as string;
}

describe('D11 per-user rate limit (one instance)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('allows RATE_LIMIT_PER_MINUTE requests per user and minute, then 429 with Retry-After; every answer names the policy and its state', async () => {
    await awayFromMinuteEnd();
    const token = await t.token('admin');
    let lastReset = 61;
    for (let i = 1; i <= 5; i++) {
      const res = await call(t, token).expect(204);
      expect(res.headers['ratelimit-policy']).toBe('"user";q=5;w=60');
      const state = /^"user";r=(\d+);t=(\d+)$/.exec(String(res.headers.ratelimit));
      expect(state).not.toBeNull();
      expect(Number(state![1])).toBe(5 - i);
      const reset = Number(state![2]);
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(reset).toBeLessThanOrEqual(lastReset);
      lastReset = reset;
      // The fields of the earlier drafts come from 90 % of the minute on (here: the 5th request).
      expect(res.headers['ratelimit-remaining']).toBe(i < 5 ? undefined : '0');
      expect(res.headers['ratelimit-limit']).toBe(i < 5 ? undefined : '5');
    }
    const over = await call(t, token).expect(429);
    expect(over.body).toEqual({ error: 'rate_limited', error_description: expect.any(String) });
    expect(over.headers['ratelimit-policy']).toBe('"user";q=5;w=60');
    const [, remaining, reset] = /^"user";r=(\d+);t=(\d+)$/.exec(String(over.headers.ratelimit)) ?? [];
    expect(remaining).toBe('0');
    expect(Number(reset)).toBeGreaterThanOrEqual(1);
    expect(Number(reset)).toBeLessThanOrEqual(60);
    expect(over.headers['retry-after']).toBe(reset);
    expect(over.headers['ratelimit-limit']).toBe('5');
    expect(over.headers['ratelimit-remaining']).toBe('0');
    expect(over.headers['ratelimit-reset']).toBe(reset);
    // Another user has a minute of its own; requests refused for their role count as well.
    const demo = await t.token('demo');
    for (let i = 0; i < 5; i++) await call(t, demo).expect(403);
    await call(t, demo).expect(429);
  });
});

describe('D11 rate limit switched off', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('RATE_LIMIT_PER_MINUTE=0 never answers 429 and sends no RateLimit headers', async () => {
    const token = await t.token('admin');
    for (let i = 0; i < 12; i++) {
      const res = await call(t, token).expect(204);
      expect(res.headers['ratelimit-policy']).toBeUndefined();
      expect(res.headers.ratelimit).toBeUndefined();
    }
  });
});

describe('D11 rate limit shared between two instances through Redis (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  const redis = { REDIS_URL: 'redis://127.0.0.1:6379/0', RATE_LIMIT_PER_MINUTE: '6' };

  beforeAll(async () => {
    a = await createTestApp(redis);
    // The second instance serves the same database, as behind a load balancer.
    b = await createTestApp({ ...redis, ...sameDatabase(a) });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("counts one user's requests on both instances together", async () => {
    await awayFromMinuteEnd();
    // A user name of its own, so that parallel runs of this file never share a counter.
    const name = `rl-${randomBytes(6).toString('hex')}`;
    const onA = await tokenOf(a, name, 'shared-limit-secret');
    const onB = (
      await request(b.server).post('/www/token').auth(name, 'shared-limit-secret').parse(json).expect(200)
    ).body.access_token as string;
    for (let i = 0; i < 4; i++) await call(a, onA).expect(204);
    await sleep(600);
    // B learns the shared count when it adds its own to Redis (within 250 ms).
    expect((await call(b, onB).expect(204)).headers.ratelimit).toMatch(/^"user";r=5;t=\d+$/);
    await sleep(600);
    // B now knows of A's 4: its 6th request in all is the last one allowed, and RateLimit says so.
    expect((await call(b, onB).expect(204)).headers.ratelimit).toMatch(/^"user";r=0;t=\d+$/);
    const over = await call(b, onB).expect(429);
    expect(over.headers['ratelimit-policy']).toBe('"user";q=6;w=60');
    expect(over.headers.ratelimit).toMatch(/^"user";r=0;t=\d+$/);
    await call(a, onA);
    await sleep(600);
    await call(a, onA).expect(429);
  });
});
