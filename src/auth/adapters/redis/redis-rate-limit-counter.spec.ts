import { RedisCounterClient, RedisRateLimitCounter } from './redis-rate-limit-counter';

/** An in-memory stand-in for the two Redis commands the counter sends. */
class FakeRedis implements RedisCounterClient {
  readonly values = new Map<string, number>();
  down = false;

  multi() {
    const ops: (() => [Error | null, unknown])[] = [];
    const chain = {
      incrby: (key: string, by: number) => {
        ops.push(() => {
          this.values.set(key, (this.values.get(key) ?? 0) + by);
          return [null, this.values.get(key)];
        });
        return chain;
      },
      pexpire: () => {
        ops.push(() => [null, 1]);
        return chain;
      },
      exec: async () => {
        if (this.down) throw new Error('connection refused');
        return ops.map((op) => op());
      },
    };
    return chain;
  }
}

describe('RedisRateLimitCounter', () => {
  it('shares counts between instances through Redis, its own increments always included', async () => {
    const redis = new FakeRedis();
    const a = new RedisRateLimitCounter(redis, { flushMs: 60_000 });
    const b = new RedisRateLimitCounter(redis, { flushMs: 60_000 });
    expect([a.increment('demo', 7), a.increment('demo', 7), a.increment('demo', 7)]).toEqual([1, 2, 3]);
    await a.flush();
    expect(redis.values.get('erp:ratelimit:7:demo')).toBe(3);
    expect(b.increment('demo', 7)).toBe(1);
    await b.flush();
    expect(b.increment('demo', 7)).toBe(5);
    expect(b.increment('other', 7)).toBe(1);
    expect(b.increment('demo', 8)).toBe(1);
    await b.onApplicationShutdown();
    expect(redis.values.get('erp:ratelimit:7:demo')).toBe(5);
    expect(redis.values.get('erp:ratelimit:8:demo')).toBe(1);
  });

  it('keeps counting locally while Redis is down and sends the increments later', async () => {
    const redis = new FakeRedis();
    const errors: string[] = [];
    const counter = new RedisRateLimitCounter(redis, {
      flushMs: 60_000,
      onError: (e) => errors.push(e.message),
    });
    redis.down = true;
    counter.increment('demo', 1);
    counter.increment('demo', 1);
    await counter.flush();
    expect(errors).toEqual(['connection refused']);
    expect(counter.increment('demo', 1)).toBe(3);
    redis.down = false;
    await counter.flush();
    expect(redis.values.get('erp:ratelimit:1:demo')).toBe(3);
    expect(counter.increment('demo', 1)).toBe(4);
  });
});
