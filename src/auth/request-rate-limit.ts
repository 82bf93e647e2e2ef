import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AppConfig } from '../common/config/app-config';
import { ApiError } from '../common/errors/api-error';
import { addRateLimit, QuotaPolicy } from '../common/http/rate-limit-fields';
import { AuthUser } from './auth-user';
import { RateLimitCounter } from './ports/rate-limit-counter';

const WINDOW_MS = 60_000;

/**
 * D11: requests per user and minute (RATE_LIMIT_PER_MINUTE, 0 = off), in fixed one-minute
 * windows (they start on the full minute). Every answer carries the policy `"user"` in
 * RateLimit-Policy and its state in RateLimit (draft-ietf-httpapi-ratelimit-headers); over the
 * limit: 429 with Retry-After. The fields of the earlier drafts, RateLimit-Limit/-Remaining/-Reset,
 * stay for the clients written against them: from 90 % of the minute on and with every 429. The
 * counter is per instance, or shared through Redis.
 */
@Injectable()
export class RequestRateLimit {
  private readonly policy: QuotaPolicy;
  private readonly limitText: string;
  private readonly warnFrom: number;

  constructor(
    private readonly config: AppConfig,
    private readonly counter: RateLimitCounter,
  ) {
    this.policy = new QuotaPolicy('user', config.rateLimitPerMinute, WINDOW_MS / 1000);
    this.limitText = String(config.rateLimitPerMinute);
    this.warnFrom = Math.ceil(config.rateLimitPerMinute * 0.9);
  }

  count(user: AuthUser, reply: FastifyReply): void {
    const limit = this.config.rateLimitPerMinute;
    if (limit === 0) return;
    const now = Date.now();
    const window = Math.floor(now / WINDOW_MS);
    const used = this.counter.increment(user.name, window);
    const reset = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
    addRateLimit(reply.request, this.policy, limit - used, reset);
    if (used > limit) {
      throw new ApiError(
        429,
        'rate_limited',
        `More than ${limit} requests per minute; try again in ${reset} seconds.`,
        undefined,
        {
          'Retry-After': String(reset),
          'RateLimit-Limit': this.limitText,
          'RateLimit-Remaining': '0',
          'RateLimit-Reset': String(reset),
        },
      );
    }
    if (used >= this.warnFrom) {
      reply.header('RateLimit-Limit', this.limitText);
      reply.header('RateLimit-Remaining', String(limit - used));
      reply.header('RateLimit-Reset', String(reset));
    }
  }
}
