import { INestApplication } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { ApiError } from '../errors/api-error';
import { ApiExceptionFilter } from '../errors/api-exception.filter';
import { setupLogging } from '../logging/logging-setup';
import { charsetOf, decodeBody } from './charset';
import { encodeLatin1Json } from './json-bytes';
import { setupSwagger } from './swagger';
import { createValidationPipe } from './validation';

const ZUGFERD_PATH = '/www/zugferd';

function bodyLimitFor(url: string, config: AppConfig): number {
  return url.startsWith(ZUGFERD_PATH) ? config.zugferdBodyLimitBytes : config.bodyLimitBytes;
}

function tooLarge(): ApiError {
  return new ApiError(413, 'payload_too_large', 'The request body is larger than allowed for this endpoint.');
}

/** Accepts an incoming X-Request-Id only when it is short and plain; otherwise makes one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : randomUUID();
}

/** Fastify options that main.ts and the test app share. */
export function fastifyOptions(config: AppConfig) {
  return {
    trustProxy: config.trustProxy,
    bodyLimit: Math.max(config.bodyLimitBytes, config.zugferdBodyLimitBytes),
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) =>
      requestIdFrom(req.headers['x-request-id']),
    logger: false,
  };
}

/** Everything both main.ts and the e2e tests apply to the app: one place, one behaviour. */
export function configureApp(app: INestApplication, config: AppConfig): void {
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  // The authenticated user lands on every request (guards.ts, passport): declared up front, every
  // request object keeps one shape instead of changing it mid-request for authenticated routes.
  if (!fastify.hasRequestDecorator('user')) fastify.decorateRequest('user', null);

  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    /^application\/([\w.+-]+\+)?json/i,
    { parseAs: 'buffer' },
    (req, body, done) => {
      if ((body as Buffer).length > bodyLimitFor(req.url, config)) return done(tooLarge(), undefined);
      if ((body as Buffer).length === 0) return done(null, undefined);
      const text = decodeBody(body as Buffer, charsetOf(req.headers['content-type']));
      if (text === null) {
        return done(
          new ApiError(
            415,
            'unsupported_media_type',
            'Unsupported charset; use UTF-8, ISO-8859-1 or windows-1252.',
          ),
          undefined,
        );
      }
      try {
        done(null, JSON.parse(text));
      } catch {
        done(ApiError.badRequest('The request body is not valid JSON.'), undefined);
      }
    },
  );
  fastify.addContentTypeParser('*', (req, _payload, done) => {
    const hasBody =
      Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (!hasBody) return done(null, undefined);
    done(
      new ApiError(415, 'unsupported_media_type', 'Unsupported Content-Type; send application/json.'),
      undefined,
    );
  });

  // Reject an announced oversize body before reading it.
  fastify.addHook('onRequest', async (req: FastifyRequest) => {
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > bodyLimitFor(req.url, config)) throw tooLarge();
  });

  fastify.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.header('X-Request-Id', req.id);
    const type = String(reply.getHeader('content-type') ?? '');
    if (typeof payload !== 'string' || !/^application\/json/i.test(type)) return payload;
    if (config.responseCharset === 'utf-8') {
      reply.header('Content-Type', 'application/json; charset=utf-8');
      return payload;
    }
    reply.header('Content-Type', 'application/json; charset=iso-8859-1');
    return encodeLatin1Json(payload);
  });

  setupLogging(app);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter());
  app.enableShutdownHooks();
  setupSwagger(app);
}
