import { Injectable } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { ApiError } from '../common/errors/api-error';
import { LoginFailureLog } from './ports/login-failure-log';

/** A login attempt in progress, holding its place in the queue of its user and address. */
export interface LoginAttempt {
  readonly userKey: string;
  readonly ipKey: string;
  readonly at: number;
  readonly done: () => void;
}

/**
 * Failed Basic logins per account (from any address, so guessing from many addresses does not
 * help) and per IP, in a sliding window, kept in the LoginFailureLog (per instance, or shared by
 * every instance through Redis). Attempts of one account are checked one at a time in an
 * instance, so parallel guesses queue behind each other instead of slipping past the count, while
 * parallel correct logins (a shop's workers) all succeed. A locked account or address is refused
 * before its password is checked: a throttled guess costs no scrypt. Per address, attempts in
 * flight count against the limit too, so a parallel spray over many user names is capped as well.
 */
@Injectable()
export class LoginThrottle {
  private readonly inFlight = new Map<string, number>();
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    private readonly config: AppConfig,
    private readonly failures: LoginFailureLog,
  ) {}

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

    const flying = this.inFlight.get(ipKey) ?? 0;
    // Counted while this attempt checks, so parallel attempts from one address see each other.
    this.inFlight.set(ipKey, flying + 1);
    const done = (): void => {
      const left = (this.inFlight.get(ipKey) ?? 1) - 1;
      if (left > 0) this.inFlight.set(ipKey, left);
      else this.inFlight.delete(ipKey);
      leaveQueue();
    };
    const now = Date.now();
    let wait: number;
    try {
      const [userFailures, ipFailures] = await Promise.all([
        this.failures.recent(userKey, now, this.windowMs()),
        this.failures.recent(ipKey, now, this.windowMs()),
      ]);
      wait = Math.max(
        this.lockedFor(userFailures, this.config.loginMaxFailuresPerUser, now),
        this.lockedFor(ipFailures, this.config.loginMaxFailuresPerIp - flying, now),
      );
    } catch (error) {
      done();
      throw error;
    }
    if (wait > 0 || flying >= this.config.loginMaxFailuresPerIp) {
      done();
      const seconds = Math.max(1, Math.ceil(wait / 1000));
      throw new ApiError(
        429,
        'rate_limited',
        `Too many failed logins; try again in ${seconds} seconds.`,
        undefined,
        { 'Retry-After': String(seconds) },
      );
    }
    return { userKey, ipKey, at: now, done };
  }

  async succeeded(attempt: LoginAttempt): Promise<void> {
    try {
      await this.failures.clear(attempt.userKey);
    } finally {
      attempt.done();
    }
  }

  async failed(attempt: LoginAttempt): Promise<void> {
    const now = Date.now();
    try {
      await Promise.all([
        this.failures.record(attempt.userKey, now, this.windowMs(), this.config.loginMaxFailuresPerUser),
        this.failures.record(attempt.ipKey, now, this.windowMs(), this.config.loginMaxFailuresPerIp),
      ]);
    } finally {
      attempt.done();
    }
  }

  /** Milliseconds until the key may try again (0 = now), from its failures, oldest first. */
  private lockedFor(times: number[], limit: number, now: number): number {
    if (limit <= 0) return times.length > 0 ? Math.max(0, times[0] + this.windowMs() - now) : 0;
    if (times.length < limit) return 0;
    return Math.max(0, times[times.length - limit] + this.windowMs() - now);
  }

  private windowMs(): number {
    return this.config.loginWindowSeconds * 1000;
  }
}
