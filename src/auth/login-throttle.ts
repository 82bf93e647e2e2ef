import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { ApiError } from '../common/errors/api-error';
import { QuotaPolicy } from '../common/http/rate-limit-fields';
import { InjectInProcessEmitter, InProcessEmitter } from '../events/in-process-events';
import { clientAddressGroup } from './client-address';
import { LoginFailureLog } from './ports/login-failure-log';
import { RateLimitCounter } from './ports/rate-limit-counter';

/** Emitted (in process) for every login refused with 429; the metrics count them by reason. */
export type LoginThrottleReason = 'account_address' | 'account' | 'address' | 'logins_per_minute';

/** A login attempt in progress, holding its place in the queue of its account. */
interface LoginAttempt {
  readonly account: string;
  /** The client's address group (`clientAddressGroup`): an IPv4 address or an IPv6 /64. */
  readonly ip: string;
  /** Failures of this account from this address, and of this address, before this attempt. */
  readonly pairFailures: number;
  readonly ipFailures: number;
  /** When the newest of those failures happened (ms), or null. */
  readonly pairNewest: number | null;
  readonly ipNewest: number | null;
  readonly report: RateLimitReport;
  readonly done: () => void;
}

/** Where the throttle reports the state of its quota policies for the attempt's answer. */
type RateLimitReport = (policy: QuotaPolicy, remaining: number, resetSeconds: number) => void;

const MINUTE_MS = 60_000;

/**
 * Failed Basic logins in a sliding window, kept in the LoginFailureLog (per instance, or shared
 * by every instance through Redis), counted per address group (an IPv4 address, an IPv6 /64)
 * three ways:
 * - per account and address: LOGIN_MAX_FAILURES_PER_USER failures lock that address out of that
 *   account;
 * - per account from every address: past the same limit, every address that has failed for the
 *   account is refused too (guessing from many addresses gets one guess per address), while an
 *   address without failures (the owner's) still logs in;
 * - per address over all accounts (LOGIN_MAX_FAILURES_PER_IP), attempts in flight included, so a
 *   parallel spray over many names is capped.
 * Attempts of one account are checked one at a time in an instance, so parallel guesses queue
 * instead of slipping past the count, while parallel correct logins all succeed. A refused attempt
 * costs no scrypt. Successful logins are limited per account and minute (LOGIN_MAX_PER_MINUTE).
 */
@Injectable()
export class LoginThrottle {
  private readonly logger = new Logger('LoginThrottle');
  private readonly inFlight = new Map<string, number>();
  private readonly queues = new Map<string, Promise<void>>();
  /** The RateLimit policies of POST /www/token: successful logins, failures of account and address. */
  private readonly policies: Record<'logins' | 'account' | 'address', QuotaPolicy>;

  constructor(
    private readonly config: AppConfig,
    private readonly failures: LoginFailureLog,
    private readonly logins: RateLimitCounter,
    @InjectInProcessEmitter() private readonly emitter: InProcessEmitter,
  ) {
    const window = config.loginWindowSeconds;
    this.policies = {
      logins: new QuotaPolicy('logins', config.loginMaxPerMinute, MINUTE_MS / 1000),
      account: new QuotaPolicy('failed-logins', config.loginMaxFailuresPerUser, window),
      address: new QuotaPolicy('failed-logins-address', config.loginMaxFailuresPerIp, window),
    };
  }

  /**
   * Waits for its turn, then throws 429 when the account is locked for the address group, or the
   * group. `account` must follow the users CLI's rule (`isUserName`, at most 64 characters).
   */
  async begin(
    account: string,
    clientIp: string,
    report: RateLimitReport = () => undefined,
  ): Promise<LoginAttempt> {
    const ip = clientAddressGroup(clientIp);
    const accountKey = `u:${account}`;
    const previous = this.queues.get(accountKey) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.queues.set(accountKey, tail);
    const leaveQueue = (): void => {
      release();
      if (this.queues.get(accountKey) === tail) this.queues.delete(accountKey);
    };
    await previous;

    const ipKey = `ip:${ip}`;
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
    const perUser = this.config.loginMaxFailuresPerUser;
    const perIp = this.config.loginMaxFailuresPerIp;
    let pair: number[], all: number[], address: number[];
    try {
      [pair, all, address] = await Promise.all([
        this.failures.recent(pairKey(account, ip), now, this.windowMs()),
        this.failures.recent(accountKey, now, this.windowMs()),
        this.failures.recent(ipKey, now, this.windowMs()),
      ]);
    } catch (error) {
      done();
      throw error;
    }
    const waits: Array<[LoginThrottleReason, number]> = [
      ['account_address', this.lockedFor(pair, perUser, now)],
      ['account', pair.length > 0 ? this.lockedFor(all, perUser, now) : 0],
      ['address', flying >= perIp ? 1000 : this.lockedFor(address, perIp - flying, now)],
    ];
    const [reason, wait] = waits.reduce((a, b) => (b[1] > a[1] ? b : a));
    const newest = (times: number[]) => (times.length > 0 ? times[times.length - 1] : null);
    const attempt = {
      account,
      ip,
      pairFailures: pair.length,
      ipFailures: address.length,
      pairNewest: newest(pair),
      ipNewest: newest(address),
      report,
      done,
    };
    if (wait > 0) {
      done();
      const seconds = Math.max(1, Math.ceil(wait / 1000));
      const byAddress = reason === 'address';
      report(
        this.policies.account,
        byAddress ? perUser - pair.length : 0,
        byAddress ? this.untilClear(attempt.pairNewest, now) : seconds,
      );
      report(
        this.policies.address,
        byAddress ? 0 : perIp - flying - address.length,
        byAddress ? seconds : this.untilClear(attempt.ipNewest, now),
      );
      throw this.refused(reason, wait);
    }
    return attempt;
  }

  /** Seconds until failures whose newest is at `newest` have all left the window (0: none). */
  private untilClear(newest: number | null, now: number): number {
    return newest === null ? 0 : Math.max(0, Math.ceil((newest + this.windowMs() - now) / 1000));
  }

  /** Clears the account's failures; 429 when the account logged in too often this minute. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    try {
      await Promise.all([
        this.failures.clear(`u:${attempt.account}`),
        this.failures.clear(pairKey(attempt.account, attempt.ip)),
      ]);
    } finally {
      attempt.done();
    }
    const now = Date.now();
    attempt.report(this.policies.account, this.config.loginMaxFailuresPerUser, 0);
    attempt.report(
      this.policies.address,
      this.config.loginMaxFailuresPerIp - attempt.ipFailures,
      this.untilClear(attempt.ipNewest, now),
    );
    const limit = this.config.loginMaxPerMinute;
    if (limit === 0) return;
    const window = Math.floor(now / MINUTE_MS);
    const used = this.logins.increment(`login:${attempt.account}`, window);
    const reset = (window + 1) * MINUTE_MS - now;
    attempt.report(this.policies.logins, limit - used, Math.max(1, Math.ceil(reset / 1000)));
    if (used > limit) throw this.refused('logins_per_minute', reset);
  }

  async failed(attempt: LoginAttempt): Promise<void> {
    const now = Date.now();
    const perUser = this.config.loginMaxFailuresPerUser;
    const perIp = this.config.loginMaxFailuresPerIp;
    try {
      await Promise.all([
        this.failures.record(pairKey(attempt.account, attempt.ip), now, this.windowMs(), perUser),
        this.failures.record(`u:${attempt.account}`, now, this.windowMs(), perUser),
        this.failures.record(`ip:${attempt.ip}`, now, this.windowMs(), perIp),
      ]);
    } finally {
      attempt.done();
    }
    const seconds = this.config.loginWindowSeconds;
    attempt.report(this.policies.account, perUser - attempt.pairFailures - 1, seconds);
    attempt.report(this.policies.address, perIp - attempt.ipFailures - 1, seconds);
    if (attempt.pairFailures + 1 === perUser)
      this.logger.warn(
        `login lockout: account ${attempt.account} refused to address ${attempt.ip} for ${seconds} s after ${perUser} failed logins`,
      );
    if (attempt.ipFailures + 1 === perIp)
      this.logger.warn(
        `login lockout: address ${attempt.ip} refused for ${seconds} s after ${perIp} failed logins`,
      );
  }

  private refused(reason: LoginThrottleReason, waitMs: number): ApiError {
    this.emitter.emit('erp.login.throttled', reason);
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    const what = reason === 'logins_per_minute' ? 'Too many logins' : 'Too many failed logins';
    return new ApiError(429, 'rate_limited', `${what}; try again in ${seconds} seconds.`, undefined, {
      'Retry-After': String(seconds),
    });
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

function pairKey(account: string, ip: string): string {
  return `ua:${account}|${ip}`;
}
