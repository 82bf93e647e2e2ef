import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AppConfig } from '../common/config/app-config';
import { ApiError } from '../common/errors/api-error';
import { AuthUser } from './auth-user';
import { RateLimitCounter } from './ports/rate-limit-counter';

const WINDOW_MS = 60_000;

/**
 * D11: requests per user and minute (RATE_LIMIT_PER_MINUTE, 0 = off), in fixed one-minute
 * windows (they start on the full minute). Over the limit: 429 with Retry-After and
 * RateLimit-Limit/-Remaining/-Reset. The counter is per instance, or shared through Redis.
 */
@Injectable()
export class RequestRateLimit {
  private readonly limitText: string;
  private readonly warnFrom: number;

  constructor(
    private readonly config: AppConfig,
    private readonly counter: RateLimitCounter,
  ) {
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
    // Three headers on every answer cost about a tenth of a trivial request (bench/auth.ts);
    // they are sent once a client has used 90 % of its minute, and with every 429.
    if (used >= this.warnFrom) {
      reply.header('RateLimit-Limit', this.limitText);
      reply.header('RateLimit-Remaining', String(limit - used));
      reply.header('RateLimit-Reset', String(reset));
    }
  }
}
