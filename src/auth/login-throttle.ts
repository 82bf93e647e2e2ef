import { Injectable } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { ApiError } from '../common/errors/api-error';

/** A login attempt in progress, holding its place in the queue of its user and address. */
export interface LoginAttempt {
  readonly userKey: string;
  readonly ipKey: string;
  readonly at: number;
  readonly done: () => void;
}

const MAX_KEYS = 100_000;
const SWEEP_EVERY = 1000;

/**
 * Failed Basic logins per account (from any address, so guessing from many addresses does not
 * help) and per IP, in a sliding window (per instance, in memory). Attempts of one account are
 * checked one at a time, so parallel guesses queue behind each other instead of slipping past the
 * count, while parallel correct logins (a shop's workers) all succeed. A locked account or
 * address is refused before its password is checked: a throttled guess costs no scrypt. Per address, attempts in flight count against the limit too, so a
 * parallel spray over many user names is capped as well.
 */
@Injectable()
export class LoginThrottle {
  /** Times of the latest failures per key, oldest first, at most `limit` of them. */
  private readonly failures = new Map<string, number[]>();
  private readonly inFlight = new Map<string, number>();
  private readonly queues = new Map<string, Promise<void>>();
  private calls = 0;

  constructor(private readonly config: AppConfig) {}

  /** Waits for its turn, then throws 429 when the user or the IP is locked out. */
  async begin(userName: string, ip: string): Promise<LoginAttempt> {
    const userKey = `u:${userName.toLowerCase()}`;
    const ipKey = `ip:${ip}`;
    const previous = this.queues.get(userKey) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.queues.set(userKey, tail);
    const leaveQueue = (): void => {
      release();
      if (this.queues.get(userKey) === tail) this.queues.delete(userKey);
    };
    await previous;

    const now = Date.now();
    const flying = this.inFlight.get(ipKey) ?? 0;
    const wait = Math.max(
      this.lockedFor(userKey, this.config.loginMaxFailuresPerUser, now),
      this.lockedFor(ipKey, this.config.loginMaxFailuresPerIp - flying, now),
    );
    if (wait > 0 || flying >= this.config.loginMaxFailuresPerIp) {
      leaveQueue();
      const seconds = Math.max(1, Math.ceil(wait / 1000));
      throw new ApiError(
        429,
        'rate_limited',
        `Too many failed logins; try again in ${seconds} seconds.`,
        undefined,
        { 'Retry-After': String(seconds) },
      );
    }
    this.inFlight.set(ipKey, flying + 1);
    if (++this.calls % SWEEP_EVERY === 0 || this.failures.size > MAX_KEYS) this.sweep(now);
    return {
      userKey,
      ipKey,
      at: now,
      done: () => {
        const left = (this.inFlight.get(ipKey) ?? 1) - 1;
        if (left > 0) this.inFlight.set(ipKey, left);
        else this.inFlight.delete(ipKey);
        leaveQueue();
      },
    };
  }

  succeeded(attempt: LoginAttempt): void {
    this.failures.delete(attempt.userKey);
    attempt.done();
  }

  failed(attempt: LoginAttempt): void {
    const now = Date.now();
    this.record(attempt.userKey, this.config.loginMaxFailuresPerUser, now);
    this.record(attempt.ipKey, this.config.loginMaxFailuresPerIp, now);
    attempt.done();
  }

  /** Milliseconds until the key may try again (0 = now). */
  private lockedFor(key: string, limit: number, now: number): number {
    const times = this.failures.get(key);
    if (limit <= 0) return times && times.length > 0 ? Math.max(0, times[0] + this.windowMs() - now) : 0;
    if (!times || times.length < limit) return 0;
    return Math.max(0, times[times.length - limit] + this.windowMs() - now);
  }

  private record(key: string, limit: number, now: number): void {
    const times = this.failures.get(key);
    if (!times) {
      this.failures.set(key, [now]);
      return;
    }
    times.push(now);
    if (times.length > limit) times.splice(0, times.length - limit);
  }

  private sweep(now: number): void {
    const cutoff = now - this.windowMs();
    for (const [key, times] of this.failures) {
      if (times.length === 0 || times[times.length - 1] <= cutoff) this.failures.delete(key);
    }
    // Still too many live keys (a spray from many addresses): drop the oldest entries.
    for (const key of this.failures.keys()) {
      if (this.failures.size <= MAX_KEYS) break;
      this.failures.delete(key);
    }
  }

  private windowMs(): number {
    return this.config.loginWindowSeconds * 1000;
  }
}
