import { Logger, Provider } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../../common/config/app-config';
import { RateLimitCounter } from '../ports/rate-limit-counter';
import { InMemoryRateLimitCounter } from './memory/in-memory-rate-limit-counter';
import { RedisRateLimitCounter } from './redis/redis-rate-limit-counter';

const ERROR_LOG_INTERVAL_MS = 60_000;

/** REDIS_URL set: counts shared by every instance; otherwise per instance. */
export const rateLimitCounterProvider: Provider = {
  provide: RateLimitCounter,
  inject: [AppConfig],
  useFactory: (config: AppConfig): RateLimitCounter => {
    if (!config.redisUrl) return new InMemoryRateLimitCounter();
    const logger = new Logger('RateLimit');
    let lastLogged = 0;
    const report = (e: Error) => {
      if (Date.now() - lastLogged < ERROR_LOG_INTERVAL_MS) return;
      lastLogged = Date.now();
      logger.warn(`Redis unavailable, counting per instance meanwhile: ${e.message}`);
    };
    const redis = new Redis(config.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
    });
    redis.on('error', report);
    return new RedisRateLimitCounter(redis, { onError: report, onClose: () => redis.quit() });
  },
};
