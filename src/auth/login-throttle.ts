import { Injectable } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { ApiError } from '../common/errors/api-error';

/** A login attempt in progress: counted as a failure until it succeeds. */
export interface LoginAttempt {
  readonly userKey: string;
  readonly ipKey: string;
  readonly at: number;
}

const MAX_KEYS = 100_000;
const SWEEP_EVERY = 1000;

/**
 * Failed Basic logins per user+IP and per IP, in a sliding window (per instance, in memory).
 * An attempt counts as a failure from its start, so parallel guesses cannot slip past the
 * limit while their password checks run; a success takes it back and clears the user's count.
 */
@Injectable()
export class LoginThrottle {
  /** Times of the latest failures per key, oldest first, at most `limit` of them. */
  private readonly failures = new Map<string, number[]>();
  private calls = 0;

  constructor(private readonly config: AppConfig) {}

  /** Throws 429 when the user or the IP is locked out; otherwise starts counting the attempt. */
  begin(userName: string, ip: string): LoginAttempt {
    const now = Date.now();
    const attempt = { userKey: `u:${userName.toLowerCase()}\u0000${ip}`, ipKey: `ip:${ip}`, at: now };
    const wait = Math.max(
      this.lockedFor(attempt.userKey, this.config.loginMaxFailuresPerUser, now),
      this.lockedFor(attempt.ipKey, this.config.loginMaxFailuresPerIp, now),
    );
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new ApiError(
        429,
        'rate_limited',
        `Too many failed logins; try again in ${seconds} seconds.`,
        undefined,
        { 'Retry-After': String(seconds) },
      );
    }
    this.record(attempt.userKey, this.config.loginMaxFailuresPerUser, now);
    this.record(attempt.ipKey, this.config.loginMaxFailuresPerIp, now);
    if (++this.calls % SWEEP_EVERY === 0 || this.failures.size > MAX_KEYS) this.sweep(now);
    return attempt;
  }

  succeeded(attempt: LoginAttempt): void {
    this.failures.delete(attempt.userKey);
    const times = this.failures.get(attempt.ipKey);
    const i = times?.lastIndexOf(attempt.at) ?? -1;
    if (times && i >= 0) times.splice(i, 1);
  }

  /** Milliseconds until the key may try again (0 = now). */
  private lockedFor(key: string, limit: number, now: number): number {
    const times = this.failures.get(key);
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
