import { OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { LoginFailureLog } from '../../ports/login-failure-log';
import { InMemoryLoginFailureLog } from '../memory/in-memory-login-failure-log';

/** A MULTI of the commands the log sends. */
export interface RedisLoginMulti {
  zadd(key: string, score: number, member: string): RedisLoginMulti;
  zremrangebyscore(key: string, min: string | number, max: string | number): RedisLoginMulti;
  zremrangebyrank(key: string, start: number, stop: number): RedisLoginMulti;
  pexpire(key: string, ms: number): RedisLoginMulti;
  exec(): Promise<[Error | null, unknown][] | null>;
}

/** The part of a Redis client (ioredis) the log uses. */
export interface RedisLoginClient {
  multi(): RedisLoginMulti;
  zrangebyscore(
    key: string,
    min: string | number,
    max: string | number,
    withScores: 'WITHSCORES',
  ): Promise<string[]>;
  del(key: string): Promise<number>;
}

const KEY_PREFIX = 'erp:login-failures:';

/**
 * Failures in one sorted set per key (score = time), shared by every instance: guessing one
 * account's password through several instances counts against the same limit. While Redis is
 * unreachable the instance counts on its own, so the limit still holds per instance.
 */
export class RedisLoginFailureLog extends LoginFailureLog implements OnApplicationShutdown {
  private readonly local = new InMemoryLoginFailureLog();

  constructor(
    private readonly redis: RedisLoginClient,
    private readonly onError: (e: Error) => void = () => undefined,
    private readonly onClose: () => Promise<unknown> = () => Promise.resolve(),
  ) {
    super();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.onClose();
  }

  async recent(key: string, now: number, windowMs: number): Promise<number[]> {
    try {
      const entries = await this.redis.zrangebyscore(
        KEY_PREFIX + key,
        `(${now - windowMs}`,
        '+inf',
        'WITHSCORES',
      );
      const shared = entries.filter((_, index) => index % 2 === 1).map(Number);
      return [...shared, ...this.local.recentNow(key, now, windowMs)].sort((a, b) => a - b);
    } catch (error) {
      this.onError(error as Error);
      return this.local.recentNow(key, now, windowMs);
    }
  }

  async record(key: string, now: number, windowMs: number, keep: number): Promise<void> {
    const redisKey = KEY_PREFIX + key;
    try {
      const results = await this.redis
        .multi()
        .zadd(redisKey, now, `${now}:${randomUUID()}`)
        .zremrangebyscore(redisKey, '-inf', now - windowMs)
        .zremrangebyrank(redisKey, 0, -(keep + 1))
        .pexpire(redisKey, windowMs)
        .exec();
      const failed = results?.find(([error]) => error !== null)?.[0];
      if (failed) throw failed;
    } catch (error) {
      this.onError(error as Error);
      this.local.recordNow(key, now, windowMs, keep);
    }
  }

  async clear(key: string): Promise<void> {
    await this.local.clear(key);
    try {
      await this.redis.del(KEY_PREFIX + key);
    } catch (error) {
      this.onError(error as Error);
    }
  }
}
