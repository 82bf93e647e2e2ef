import { Logger, Provider } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../../common/config/app-config';
import { throttledWarning } from '../../common/logging/throttled-warning';
import { RateLimitCounter } from '../ports/rate-limit-counter';
import { InMemoryRateLimitCounter } from './memory/in-memory-rate-limit-counter';
import { RedisRateLimitCounter } from './redis/redis-rate-limit-counter';
import { LoginFailureLog } from '../ports/login-failure-log';
import { InMemoryLoginFailureLog } from './memory/in-memory-login-failure-log';
import { RedisLoginFailureLog } from './redis/redis-login-failure-log';

/** A Redis connection for counters, and a warning at most once a minute while it is down. */
function counterRedis(url: string, context: string): { redis: Redis; report: (e: Error) => void } {
  const report = throttledWarning(new Logger(context), 'Redis unavailable, counting per instance meanwhile');
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  redis.on('error', report);
  return { redis, report };
}

/** REDIS_URL set: counts shared by every instance; otherwise per instance. */
export const rateLimitCounterProvider: Provider = {
  provide: RateLimitCounter,
  inject: [AppConfig],
  useFactory: (config: AppConfig): RateLimitCounter => {
    if (!config.redisUrl) return new InMemoryRateLimitCounter();
    const { redis, report } = counterRedis(config.redisUrl, 'RateLimit');
    return new RedisRateLimitCounter(redis, { onError: report, onClose: () => redis.quit() });
  },
};

/** Failed logins: shared by every instance when REDIS_URL is set; otherwise per instance. */
export const loginFailureLogProvider: Provider = {
  provide: LoginFailureLog,
  inject: [AppConfig],
  useFactory: (config: AppConfig): LoginFailureLog => {
    if (!config.redisUrl) return new InMemoryLoginFailureLog();
    const { redis, report } = counterRedis(config.redisUrl, 'LoginThrottle');
    return new RedisLoginFailureLog(redis, report, () => redis.quit());
  },
};
