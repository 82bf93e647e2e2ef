import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Redis from 'ioredis';
import request from 'supertest';
import { clientAddressGroup } from '../src/auth/client-address';
import { createTestApp, json, sameDatabase, TestApp } from './support/test-app';

jest.setTimeout(60_000);

/** A Basic login from a given client address (honoured when TRUST_PROXY is on). */
const login = (t: TestApp, user: string, password: string, ip?: string) => {
  const req = request(t.server).post('/www/token').auth(user, password);
  if (ip) req.set('X-Forwarded-For', ip);
  return req.parse(json);
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe('auth: login throttling (behind a trusted proxy)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a successful login clears the failures of that user', async () => {
    for (let i = 0; i < 4; i++) expect((await login(t, 'demo', 'wrong', '10.0.1.1')).status).toBe(401);
    expect((await login(t, 'demo', 'demo', '10.0.1.1')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(t, 'demo', 'wrong', '10.0.1.1')).status).toBe(401);
    expect((await login(t, 'demo', 'demo', '10.0.1.1')).status).toBe(200);
  });

  it('after 50 failures from one IP (any users, even sent in parallel): 429 for everyone there', async () => {
    const attempts = Array.from({ length: 60 }, (_, i) => login(t, `user${i}`, 'wrong', '10.0.2.1'));
    const statuses = (await Promise.all(attempts)).map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const res = await login(t, 'admin', 'admin', '10.0.2.1');
    expect(res.status).toBe(429);
    // The window runs from the first of the 50 failures; their password checks took a while.
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(200);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(300);
    expect((await login(t, 'admin', 'admin', '10.0.2.2')).status).toBe(200);
  });

  it('names the users CLI could not create (of 11 KB, with blanks) are refused with 401 and counted nowhere', async () => {
    const long = 'n'.repeat(11_000);
    for (let i = 0; i < 60; i++)
      expect((await login(t, i % 2 === 0 ? `${long}${i}` : `user ${i}`, 'wrong', '10.0.6.1')).status).toBe(
        401,
      );
    // 60 failures from one address would lock it (50); these never reached a counter.
    expect((await login(t, 'admin', 'admin', '10.0.6.1')).status).toBe(200);
  });

  it('counts IPv6 clients by their /64', async () => {
    for (let i = 1; i <= 5; i++)
      expect((await login(t, 'demo', 'wrong', `2001:db8:5:6::${i}`)).status).toBe(401);
    expect((await login(t, 'demo', 'demo', '2001:db8:5:6:ffff:1:2:3')).status).toBe(429);
    // Another /64 without failures of its own gets in.
    expect((await login(t, 'demo', 'demo', '2001:db8:5:7::1')).status).toBe(200);
  });

  it('a failed login costs the same time whether or not the user exists', async () => {
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 6; i++) {
      // Never 5 failures of one account here (that would lock it): two real users take turns.
      for (const [user, times] of [
        [`no-such-user-${i}`, unknown],
        [i % 2 === 0 ? 'demo' : 'admin', wrong],
      ] as const) {
        const started = process.hrtime.bigint();
        expect((await login(t, user, 'wrong', `10.0.3.${i}`)).status).toBe(401);
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }
    // Without the dummy hash an unknown user would answer in ~1 ms against ~50+ ms of scrypt.
    expect(median(wrong)).toBeGreaterThan(15);
    expect(median(unknown) / median(wrong)).toBeGreaterThan(0.5);
    expect(median(unknown) / median(wrong)).toBeLessThan(2);
  });
});

describe('auth: login throttling (configured limits, no trusted proxy)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      LOGIN_MAX_FAILURES_PER_USER: '2',
      LOGIN_MAX_FAILURES_PER_IP: '100',
      LOGIN_WINDOW_SECONDS: '2',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ignores X-Forwarded-For when the proxy is not trusted, and lifts the lock when the window passes', async () => {
    expect((await login(t, 'demo', 'wrong', '10.9.0.1')).status).toBe(401);
    expect((await login(t, 'demo', 'wrong', '10.9.0.2')).status).toBe(401);
    const locked = await login(t, 'demo', 'demo', '10.9.0.3');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(2);
    await new Promise((r) => setTimeout(r, Number(locked.headers['retry-after']) * 1000 + 100));
    expect((await login(t, 'demo', 'demo')).status).toBe(200);
  });
});

// Apps of their own (passport's strategies are process-wide: one app at a time per file).
describe('auth: a locked account (behind a trusted proxy)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'loopback' });
  });
  afterAll(() => t.close());

  it('after 5 failures of one user from one IP: 429 with Retry-After there, also for the right password', async () => {
    const started = Date.now();
    for (let i = 0; i < 5; i++) expect((await login(t, 'demo', 'wrong', '10.0.0.1')).status).toBe(401);
    const res = await login(t, 'demo', 'demo', '10.0.0.1');
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: 'rate_limited', error_description: expect.any(String) });
    const retryAfter = Number(res.headers['retry-after']);
    // The window (LOGIN_WINDOW_SECONDS, 300) began after `started`, however slow the machine.
    expect(retryAfter).toBeGreaterThanOrEqual(300 - Math.ceil((Date.now() - started) / 1000));
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect((await login(t, 'DEMO', 'demo', '10.0.0.1')).status).toBe(429);
    // Only for that address: the owner elsewhere logs in, and so does another user of the address.
    expect((await login(t, 'demo', 'demo', '10.0.0.2')).status).toBe(200);
    expect((await login(t, 'admin', 'admin', '10.0.0.1')).status).toBe(200);
  });
});

describe('auth: login throttling behind one proxy (TRUST_PROXY=1)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: '1', LOGIN_MAX_FAILURES_PER_IP: '3' });
  });
  afterAll(() => proxied.close());

  it('a client cannot choose its address with X-Forwarded-For: the proxy-written one counts', async () => {
    // The client writes a new address each time; the proxy appends the real one (10.0.3.1).
    for (let i = 0; i < 3; i++)
      expect((await login(proxied, `nobody${i}`, 'wrong', `203.0.113.${i}, 10.0.3.1`)).status).toBe(401);
    expect((await login(proxied, 'admin', 'admin', '198.51.100.7, 10.0.3.1')).status).toBe(429);
    expect((await login(proxied, 'admin', 'admin', '10.0.3.2')).status).toBe(200);
  });
});

describe('auth: failed logins counted by every instance together (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  const shared = { REDIS_URL: 'redis://127.0.0.1:6379/7', TRUST_PROXY: 'loopback' };

  beforeAll(async () => {
    a = await createTestApp(shared);
    b = await createTestApp({ ...shared, ...sameDatabase(a) });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('5 failures of one account spread over two instances and addresses lock it for those addresses on both', async () => {
    // A name of its own, so that parallel runs never share a count in Redis.
    const name = `guess-${randomBytes(6).toString('hex')}`;
    const started = Date.now();
    for (const [instance, ip] of [
      [a, '10.1.0.1'],
      [b, '10.1.0.2'],
      [a, '10.1.0.3'],
      [b, '10.1.0.4'],
      [a, '10.1.0.5'],
    ] as const)
      expect((await login(instance, name, 'wrong', ip)).status).toBe(401);
    for (const [instance, ip] of [
      [a, '10.1.0.2'],
      [b, '10.1.0.1'],
    ] as const) {
      const res = await login(instance, name, 'wrong', ip);
      expect(res.status).toBe(429);
      // The window (LOGIN_WINDOW_SECONDS, 300) began after `started`, however slow the machine.
      const elapsed = Math.ceil((Date.now() - started) / 1000);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(300 - elapsed);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(300);
    }
  });

  it('counts an IPv6 /64 together on both instances, and stores no key for an impossible name', async () => {
    const name = `guess-${randomBytes(6).toString('hex')}`;
    const net = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
    for (let i = 1; i <= 5; i++)
      expect((await login(i % 2 === 0 ? a : b, name, 'wrong', `${net}::${i}`)).status).toBe(401);
    expect((await login(a, name, 'wrong', `${net}::99`)).status).toBe(429);
    expect((await login(b, name, 'wrong', `${net}:1:2:3:4`)).status).toBe(429);
    const marker = randomBytes(6).toString('hex');
    expect((await login(a, `${'n'.repeat(11_000)}${marker}`, 'wrong', '10.1.9.9')).status).toBe(401);
    const redis = new Redis(shared.REDIS_URL);
    try {
      expect(await redis.keys(`erp:login-failures:*${marker}*`)).toEqual([]);
      expect(await redis.keys('erp:login-failures:ip:10.1.9.9')).toEqual([]);
      expect(await redis.exists(`erp:login-failures:ip:${clientAddressGroup(`${net}::1`)}`)).toBe(1);
    } finally {
      redis.disconnect();
    }
  });
});

/** A stranger who knows a user name (events carry them) must not lock its owner out. */
describe('auth: a stranger guessing cannot lock the owner out (behind a trusted proxy)', () => {
  let t: TestApp;
  const metricsToken = 'm'.repeat(32);
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'loopback', METRICS_TOKEN: metricsToken });
  });
  afterAll(() => t.close());

  it('the owner logs in from its own address while wrong passwords for its name come from another', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await login(t, 'admin', `wrong-${i}`, '10.0.4.1')).status);
      expect((await login(t, 'admin', 'admin', '10.0.4.2')).status).toBe(200);
    }
    // Every success of the owner clears the account's count; the stranger's address stays locked.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const lines = readdirSync(t.config.logDir)
      .filter((f) => f.endsWith('.log'))
      .flatMap((f) => readFileSync(join(t.config.logDir, f), 'utf8').split('\n'));
    expect(
      lines.filter((l) => l.includes('login lockout: account admin refused to address 10.0.4.1')),
    ).toHaveLength(1);
    const metrics = await request(t.server)
      .get('/metrics')
      .set('Authorization', `Bearer ${metricsToken}`)
      .expect(200);
    expect(metrics.text).toContain('erp_login_throttled_total{reason="account_address"} 2');
  });

  it('"ADMIN" counts as admin (no extra guesses for another spelling); "admin " never logs in and counts nowhere', async () => {
    for (let i = 0; i < 5; i++) expect((await login(t, 'admin', 'wrong', '10.0.5.1')).status).toBe(401);
    expect((await login(t, 'ADMIN', 'admin', '10.0.5.1')).status).toBe(429);
    // A name the users CLI could not create never logs in, whatever the database compares equal.
    for (const name of ['admin ', ' admin'])
      for (const ip of ['10.0.5.1', '10.0.5.2']) expect((await login(t, name, 'admin', ip)).status).toBe(401);
  });
});

describe('auth: successful logins per account and minute (LOGIN_MAX_PER_MINUTE)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After past the limit; another user is not affected', async () => {
    // Counted per clock minute: seven logins span at most two minutes, so one of them is refused.
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await login(t, 'demo', 'demo'));
    expect(answers.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
    const res = answers.find((r) => r.status === 429);
    if (!res) throw new Error(`no 429 among ${answers.map((r) => r.status).join(', ')}`);
    expect(res.body.error_description).toMatch(/^Too many logins; try again in \d+ seconds\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await login(t, 'admin', 'admin')).status).toBe(200);
  });
});
