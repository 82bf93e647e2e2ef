import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import request from 'supertest';
import { freePort } from './support/child-processes';
import { createTestApp, json, sameDatabase, TestApp, userAdmin } from './support/test-app';
import { eventually } from './support/webhook-receiver';

jest.setTimeout(60_000);

/** Per user and minute: room for the load's reads of one user across the outage. */
const LIMIT = 200;

/** A Redis of the test's own (no persistence), so that killing it touches nobody else. */
class PrivateRedis {
  private child: ChildProcess | null = null;

  constructor(readonly port: number) {}

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    await new Promise<void>((ok, fail) => {
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('Ready to accept connections')) ok();
      });
      child.once('exit', (code) => fail(new Error(`redis-server exited with ${code}: ${out}`)));
    });
  }

  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((ok) => {
      child.once('exit', () => ok());
      child.kill('SIGKILL');
    });
  }
}

/** The limit counts per wall-clock minute: start a check well inside one. */
async function awayFromMinuteEnd(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 20_000) await new Promise((r) => setTimeout(r, left + 200));
}

async function tokenOf(t: TestApp, name: string, password: string): Promise<string> {
  await userAdmin(t).add({ name, role: 'admin' }, password);
  const res = await request(t.server).post('/www/token').auth(name, password).parse(json).expect(200);
  return res.body.access_token as string;
}

describe('Redis away and back under load (D13): no request fails, limits shared again', () => {
  let redis: PrivateRedis;
  let probe: Redis;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    redis = new PrivateRedis(await freePort());
    await redis.start();
    probe = new Redis(redis.port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 1 });
    probe.on('error', () => undefined);
    const settings = { REDIS_URL: `redis://127.0.0.1:${redis.port}/0`, RATE_LIMIT_PER_MINUTE: String(LIMIT) };
    a = await createTestApp(settings);
    b = await createTestApp({ ...settings, ...sameDatabase(a) });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    probe?.disconnect();
    await redis?.kill();
  });

  /** The shared request count of `user` in Redis (0 while it has none); logins count apart. */
  const sharedCount = async (user: string): Promise<number> => {
    const keys = (await probe.keys(`erp:ratelimit:*:${user}`)).filter((k) => !k.includes(':login:'));
    const values = await Promise.all(keys.map((k) => probe.get(k)));
    return values.reduce((sum, v) => sum + Number(v ?? 0), 0);
  };

  it('serves logins and reads while Redis is killed and restarted, then counts on both instances together', async () => {
    await awayFromMinuteEnd();
    const statuses: number[] = [];
    let stopping = false;
    // Reads of user demo this minute, kept under the limit: a 429 would be a failed request here.
    let budget = LIMIT - 10;
    const loop = async (t: TestApp): Promise<void> => {
      while (!stopping && budget-- > 0) {
        const login = await request(t.server).post('/www/token').auth('demo', 'demo');
        statuses.push(login.status);
        const token = (login.body as { access_token: string }).access_token;
        const read = await request(t.server)
          .get('/www/artikel?limit=5')
          .set('Authorization', `Bearer ${token}`);
        statuses.push(read.status);
        // A steady load rather than a burst, so that it spans the outage and the reconnect.
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const loops = [loop(a), loop(b)];
    await eventually(() => statuses.length >= 8, 15_000, 'requests before the kill');
    await redis.kill();
    const killed = statuses.length;
    await eventually(() => statuses.length >= killed + 8, 15_000, 'requests while Redis is away');
    await redis.start();
    await probe.connect();
    await eventually(async () => (await sharedCount('demo')) > 0, 10_000, 'counts in the new Redis');
    stopping = true;
    await Promise.all(loops);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    // Counted together again: A's requests and B's reach the limit in sum.
    const name = `rl-${randomBytes(6).toString('hex')}`;
    const onA = await tokenOf(a, name, 'shared-after-outage');
    const onB = (
      await request(b.server).post('/www/token').auth(name, 'shared-after-outage').parse(json).expect(200)
    ).body.access_token as string;
    const call = (t: TestApp, token: string) =>
      request(t.server).delete('/www/log').set('Authorization', `Bearer ${token}`).parse(json);
    for (let i = 0; i < LIMIT / 2; i++) await call(a, onA).expect(204);
    await eventually(async () => (await sharedCount(name)) === LIMIT / 2, 5000, "A's counts in Redis");
    await call(b, onB).expect(204);
    await eventually(async () => (await sharedCount(name)) === LIMIT / 2 + 1, 5000, "B's count in Redis");
    for (let i = LIMIT / 2 + 1; i < LIMIT; i++) await call(b, onB).expect(204);
    await call(b, onB).expect(429);
  });
});
