import { RateLimitCounter } from '../../ports/rate-limit-counter';

/** The part of a Redis client (ioredis) the counter uses. */
export interface RedisCounterClient {
  multi(): {
    incrby(key: string, by: number): unknown;
    pexpire(key: string, ms: number): unknown;
    exec(): Promise<[Error | null, unknown][] | null>;
  };
}

interface Entry {
  window: number;
  /** This instance's increments not yet added in Redis. */
  pending: number;
  /** The shared count Redis reported at the last flush (all instances). */
  shared: number;
}

const KEY_PREFIX = 'erp:ratelimit:';

/**
 * Counts shared between instances through Redis without a round trip per request: each
 * instance counts locally and adds its increments to Redis every `flushMs`, learning the
 * shared total in the same call. Others' requests are seen at most `flushMs` late. When Redis
 * is unreachable the instance keeps counting on its own (the limit then holds per instance).
 */
export class RedisRateLimitCounter extends RateLimitCounter {
  private readonly entries = new Map<string, Entry>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private latestWindow = 0;

  constructor(
    private readonly redis: RedisCounterClient,
    private readonly options: {
      flushMs?: number;
      onError?: (e: Error) => void;
      onClose?: () => Promise<unknown>;
    } = {},
  ) {
    super();
  }

  increment(key: string, window: number): number {
    const redisKey = `${KEY_PREFIX}${window}:${key}`;
    let entry = this.entries.get(redisKey);
    if (!entry) {
      entry = { window, pending: 0, shared: 0 };
      this.entries.set(redisKey, entry);
      this.latestWindow = Math.max(this.latestWindow, window);
    }
    entry.pending += 1;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.flushing = this.flush();
    }, this.options.flushMs ?? 250);
    this.timer.unref();
    return entry.shared + entry.pending;
  }

  /** Sends the pending increments now (also used on shutdown and by tests). */
  async flush(): Promise<void> {
    await this.flushing;
    for (const [redisKey, e] of this.entries)
      if (e.pending === 0 && e.window < this.latestWindow) this.entries.delete(redisKey);
    const batch = [...this.entries].filter(([, e]) => e.pending > 0);
    if (batch.length === 0) return;
    const multi = this.redis.multi();
    const sent = batch.map(([redisKey, entry]) => {
      multi.incrby(redisKey, entry.pending);
      multi.pexpire(redisKey, 120_000);
      const pending = entry.pending;
      entry.pending = 0;
      return { entry, pending };
    });
    try {
      const results = (await multi.exec()) ?? [];
      sent.forEach((s, i) => {
        const [err, total] = results[i * 2] ?? [new Error('no reply from Redis'), null];
        if (err) throw err;
        s.entry.shared = Number(total);
      });
    } catch (e) {
      // Keep the increments for the next try and count locally meanwhile.
      for (const s of sent) s.entry.pending += s.pending;
      this.options.onError?.(e as Error);
    }
  }

  /** Nest calls this on shutdown: the last increments go out, then the connection closes. */
  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
    await this.options.onClose?.();
  }
}
