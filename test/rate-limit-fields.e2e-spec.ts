import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { awayFromMinuteEnd, sleep } from './support/minute-windows';
import { createTestApp, json, sameDatabase, TestApp, userAdmin } from './support/test-app';

jest.setTimeout(60_000);

/** RateLimit's items as name -> {r, t}, checked against the Structured Field syntax of the draft. */
function limits(field: unknown): Record<string, { r: number; t: number }> {
  const items = String(field).split(', ');
  const parsed = items.map((item) => /^"([a-z-]+)";r=(\d+);t=(\d+)$/.exec(item));
  expect(parsed.every((m) => m !== null)).toBe(true);
  return Object.fromEntries(parsed.map((m) => [m![1], { r: Number(m![2]), t: Number(m![3]) }]));
}

const unique = (tag: string) => `${tag}-${randomBytes(5).toString('hex')}`;
/** A client address of its own (an IPv6 /64), so that counters kept in Redis by earlier runs never meet it. */
const address = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::7`;

describe.each([
  ['per instance', {}],
  ['in Redis', { REDIS_URL: 'redis://127.0.0.1:6379/0' }],
])('RateLimit-Policy and RateLimit, counters %s', (_where, counters: Record<string, string>) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      ...counters,
      RATE_LIMIT_PER_MINUTE: '50',
      ANONYMOUS_RATE_LIMIT_PER_MINUTE: '4',
      TRUST_PROXY: 'loopback',
      LOGIN_MAX_PER_MINUTE: '3',
      LOGIN_MAX_FAILURES_PER_USER: '2',
      LOGIN_MAX_FAILURES_PER_IP: '40',
      LOGIN_WINDOW_SECONDS: '120',
      ARTICLE_ORDERINGS_PER_MINUTE: '2',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('requests without a valid token: "anonymous" per client address, 401 then 429 with Retry-After', async () => {
    await awayFromMinuteEnd();
    const from = address();
    const anonymous = () =>
      request(t.server).get('/www/kunden/10001').set('X-Forwarded-For', from).parse(json);
    for (let i = 1; i <= 4; i++) {
      const res = await anonymous().expect(401);
      expect(res.headers['ratelimit-policy']).toBe('"anonymous";q=4;w=60');
      expect(limits(res.headers.ratelimit).anonymous.r).toBe(4 - i);
    }
    const over = await anonymous().expect(429);
    const state = limits(over.headers.ratelimit).anonymous;
    expect(state.r).toBe(0);
    expect(over.headers['retry-after']).toBe(String(state.t));
    // A valid token from that address is neither refused nor counted as anonymous.
    const ok = await request(t.server)
      .get('/www/kunden/10001')
      .set('X-Forwarded-For', from)
      .auth(await t.token('demo'), { type: 'bearer' })
      .expect(200);
    expect(ok.headers['ratelimit-policy']).toBe('"user";q=50;w=60');
  });

  it('POST /www/token: failed logins of the account from the address, of the address, and logins a minute', async () => {
    await awayFromMinuteEnd();
    const name = unique('rlf');
    await userAdmin(t).add({ name, role: 'shop' }, 'right-password-1');
    const from = address();
    const login = (password: string) =>
      request(t.server).post('/www/token').set('X-Forwarded-For', from).auth(name, password).parse(json);

    const failed = await login('wrong').expect(401);
    expect(failed.headers['ratelimit-policy']).toBe(
      '"failed-logins";q=2;w=120, "failed-logins-address";q=40;w=120',
    );
    expect(limits(failed.headers.ratelimit)).toEqual({
      'failed-logins': { r: 1, t: 120 },
      'failed-logins-address': { r: 39, t: 120 },
    });

    const ok = await login('right-password-1').expect(200);
    expect(ok.headers['ratelimit-policy']).toBe(
      '"failed-logins";q=2;w=120, "failed-logins-address";q=40;w=120, "logins";q=3;w=60',
    );
    const state = limits(ok.headers.ratelimit);
    expect(state['failed-logins']).toEqual({ r: 2, t: 0 });
    expect(state['failed-logins-address'].r).toBe(39);
    expect(state['failed-logins-address'].t).toBeGreaterThan(100);
    expect(state.logins.r).toBe(2);

    await login('wrong').expect(401);
    const locked = await login('wrong').expect(401);
    expect(limits(locked.headers.ratelimit)['failed-logins'].r).toBe(0);
    const refused = await login('right-password-1').expect(429);
    const account = limits(refused.headers.ratelimit)['failed-logins'];
    expect(account.r).toBe(0);
    expect(refused.headers['retry-after']).toBe(String(account.t));
  });

  it('GET /www/artikel: "user" and "orderings" on every answer, the 429 of a third new ordering too', async () => {
    await awayFromMinuteEnd();
    const name = unique('rlo');
    await userAdmin(t).add({ name, role: 'shop' }, 'orderings-secret-1');
    const token = (
      await request(t.server).post('/www/token').auth(name, 'orderings-secret-1').parse(json).expect(200)
    ).body.access_token as string;
    const list = (sorts: string) =>
      request(t.server)
        .get(`/www/artikel?limit=2&sorts=${encodeURIComponent(sorts)}`)
        .auth(token, { type: 'bearer' })
        .parse(json);
    const first = await list('+ArtBez').expect(200);
    expect(first.headers['ratelimit-policy']).toBe('"user";q=50;w=60, "orderings";q=2;w=60');
    expect(limits(first.headers.ratelimit).orderings).toEqual({ r: 2, t: 0 });
    expect(limits((await list('-ArtNr').expect(200)).headers.ratelimit).orderings.r).toBe(1);
    expect(limits((await list('-ArtBez').expect(200)).headers.ratelimit).orderings.r).toBe(0);
    const over = await list('+Einheit').expect(429);
    const state = limits(over.headers.ratelimit);
    expect(state.orderings.r).toBe(0);
    expect(state.orderings.t).toBeGreaterThanOrEqual(Number(over.headers['retry-after']));
    expect(state.user.r).toBe(50 - 4);
  });
});

describe('RateLimit from counters shared in Redis by two instances', () => {
  let a: TestApp;
  let b: TestApp;
  const settings = {
    REDIS_URL: 'redis://127.0.0.1:6379/0',
    ANONYMOUS_RATE_LIMIT_PER_MINUTE: '6',
    TRUST_PROXY: 'loopback',
  };

  beforeAll(async () => {
    a = await createTestApp(settings);
    b = await createTestApp({ ...settings, ...sameDatabase(a) });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("an address's requests without a token on A show in B's RateLimit once B has synchronised", async () => {
    await awayFromMinuteEnd();
    const from = address();
    const anonymous = (t: TestApp) => request(t.server).get('/www/kunden/10001').set('X-Forwarded-For', from);
    for (let i = 0; i < 3; i++) await anonymous(a).expect(401);
    await sleep(600);
    expect(limits((await anonymous(b).expect(401)).headers.ratelimit).anonymous.r).toBe(5);
    await sleep(600);
    expect(limits((await anonymous(b).expect(401)).headers.ratelimit).anonymous.r).toBe(1);
  });
});
