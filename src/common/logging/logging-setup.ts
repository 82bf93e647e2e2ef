import { INestApplication } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErpLogger } from './erp-logger';
import { loggablePath } from './log-redaction';

type RequestWithUser = FastifyRequest & { user?: { name?: string } };

/**
 * Makes ErpLogger the app's logger (Nest's own messages included) and logs every request once,
 * when its response has been sent: id, user, method, path (without query string), status,
 * duration, client IP. Headers and bodies are never logged.
 */
export function setupLogging(app: INestApplication): void {
  const logger = app.get(ErpLogger);
  app.useLogger(logger);
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  fastify.addHook('onResponse', (req: RequestWithUser, reply, done) => {
    logger.request({
      reqId: String(req.id),
      user: req.user?.name,
      method: req.method,
      path: loggablePath(req.url),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      ip: req.ip,
    });
    done();
  });
}
