import { Injectable } from '@nestjs/common';
import { clientAddressGroup } from './client-address';
import { AppConfig } from '../common/config/app-config';
import { ApiError } from '../common/errors/api-error';
import { RateLimitCounter } from './ports/rate-limit-counter';

const WINDOW_MS = 60_000;
/** Keys of this counter begin with a character no user name has, so they never meet a user's count. */
const KEY_PREFIX = '#anonymous ';

/**
 * Requests to a bearer route without a valid token, per client address (as TRUST_PROXY says it)
 * and one-minute window (ANONYMOUS_RATE_LIMIT_PER_MINUTE, 0 = off). Past the limit such a
 * request gets 429 with Retry-After instead of 401; a request with a valid token is never
 * counted or refused here. Shared between instances through Redis like the per-user limit.
 */
@Injectable()
export class AnonymousRequestLimit {
  constructor(
    private readonly config: AppConfig,
    private readonly counter: RateLimitCounter,
  ) {}

  /** Counts one refused request of `ip`; throws the 429 when the address is over its limit. */
  count(ip: string): void {
    const limit = this.config.anonymousRateLimitPerMinute;
    if (limit === 0) return;
    const now = Date.now();
    const window = Math.floor(now / WINDOW_MS);
    if (this.counter.increment(`${KEY_PREFIX}${clientAddressGroup(ip)}`, window) <= limit) return;
    const reset = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
    throw new ApiError(
      429,
      'rate_limited',
      `More than ${limit} requests without a valid token a minute from this address; try again in ${reset} seconds.`,
      undefined,
      { 'Retry-After': String(reset) },
    );
  }
}
