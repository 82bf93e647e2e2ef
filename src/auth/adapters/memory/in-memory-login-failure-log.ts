import { LoginFailureLog } from '../../ports/login-failure-log';

const MAX_KEYS = 100_000;
const SWEEP_EVERY = 1000;

/** Failures per key in this process; bounded in keys, so a spray from many addresses cannot grow it. */
export class InMemoryLoginFailureLog extends LoginFailureLog {
  /** Times of the latest failures per key, oldest first. */
  private readonly failures = new Map<string, number[]>();
  private calls = 0;

  recent(key: string, now: number, windowMs: number): Promise<number[]> {
    return Promise.resolve(this.recentNow(key, now, windowMs));
  }

  record(key: string, now: number, windowMs: number, keep: number): Promise<void> {
    this.recordNow(key, now, windowMs, keep);
    return Promise.resolve();
  }

  clear(key: string): Promise<void> {
    this.failures.delete(key);
    return Promise.resolve();
  }

  /** The same, without a promise: the Redis log falls back on this while Redis is down. */
  recentNow(key: string, now: number, windowMs: number): number[] {
    return (this.failures.get(key) ?? []).filter((time) => time > now - windowMs);
  }

  recordNow(key: string, now: number, windowMs: number, keep: number): void {
    const times = this.failures.get(key) ?? [];
    times.push(now);
    if (times.length > keep) times.splice(0, times.length - keep);
    this.failures.set(key, times);
    if (++this.calls % SWEEP_EVERY === 0 || this.failures.size > MAX_KEYS) this.sweep(now, windowMs);
  }

  private sweep(now: number, windowMs: number): void {
    for (const [key, times] of this.failures)
      if (times.length === 0 || times[times.length - 1] <= now - windowMs) this.failures.delete(key);
    // Still too many live keys: drop the oldest entries.
    for (const key of this.failures.keys()) {
      if (this.failures.size <= MAX_KEYS) break;
      this.failures.delete(key);
    }
  }
}
