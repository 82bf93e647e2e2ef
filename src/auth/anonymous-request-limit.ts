import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { addRateLimit, QuotaPolicy } from '../common/http/rate-limit-fields';
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
  private readonly policy: QuotaPolicy;

  constructor(
    private readonly config: AppConfig,
    private readonly counter: RateLimitCounter,
  ) {
    this.policy = new QuotaPolicy('anonymous', config.anonymousRateLimitPerMinute, WINDOW_MS / 1000);
  }

  /**
   * Counts one refused request of `req.ip`, whose answer then names the policy `"anonymous"` in
   * RateLimit-Policy and RateLimit; throws the 429 when the address is over its limit.
   */
  count(req: FastifyRequest): void {
    const limit = this.config.anonymousRateLimitPerMinute;
    if (limit === 0) return;
    const now = Date.now();
    const window = Math.floor(now / WINDOW_MS);
    const used = this.counter.increment(`${KEY_PREFIX}${clientAddressGroup(req.ip)}`, window);
    const reset = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
    addRateLimit(req, this.policy, limit - used, reset);
    if (used <= limit) return;
    throw new ApiError(
      429,
      'rate_limited',
      `More than ${limit} requests without a valid token a minute from this address; try again in ${reset} seconds.`,
      undefined,
      { 'Retry-After': String(reset) },
    );
  }
}
