import { INestApplication } from '@nestjs/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { AppConfig } from './common/config/app-config';
import { ApiError, ERROR_CODES } from './common/errors/api-error';
import { ApiExceptionFilter } from './common/errors/api-exception.filter';
import { setupLogging } from './common/logging/logging-setup';
import { charsetOf, decodeBody } from './common/http/charset';
import { conditionalRead } from './common/http/conditional-requests';
import { RATE_LIMITS_PROPERTY, writeRateLimitFields } from './common/http/rate-limit-fields';
import { encodeLatin1Json, jsonContentType } from './common/http/json-bytes';
import { jsonShapeProblem, nulInParameters } from './common/http/input-checks';
import { E_INVOICE_MAX_JSON_VALUES, jsonValuesProblem, MAX_JSON_VALUES } from './common/http/json-values';
import { ignoresBody } from './common/http/ignored-body';
import { routeOption } from './common/http/route-config';
import { trustFunction } from './common/http/proxy-trust';
import { E_INVOICE_PATH } from './common/http/openapi-completion';
import { setupSwagger } from './common/http/swagger';
import { ServiceMetrics } from './metrics/service-metrics';
import { AnonymousRequestLimit } from './auth/anonymous-request-limit';
import { BEARER_ROUTE } from './auth/erp-auth.decorator';
import { authenticateBeforeBody } from './auth/guards';
import { TokenService } from './auth/token.service';
import { createValidationPipe } from './common/http/validation';
import { answerMethodNotAllowed } from './common/http/route-methods';

const unsupportedMediaType = (description: string) => new ApiError(415, ERROR_CODES[415], description);

/** The one error body (ASCII only, so it is the same bytes in either response charset), its headers. */
function errorResponse(config: AppConfig, status: number, description: string) {
  const body = JSON.stringify(
    new ApiError(status, ERROR_CODES[status] ?? 'invalid_request', description).body(),
  );
  const headers = {
    'Content-Type': jsonContentType(config.responseCharset),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  };
  return { body, headers };
}

/**
 * Errors Fastify raises before a route runs (an undecodable URL, a path parameter over the length
 * limit) get the service's error body instead of Fastify's own.
 */
function frameworkError(config: AppConfig) {
  return (error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void => {
    const [status, description] =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, 'The request path is too long.']
        : [400, 'The request URL is malformed.'];
    const { body, headers } = errorResponse(config, status, description);
    void reply.code(status).headers(headers).send(body);
  };
}

/**
 * Errors of the HTTP parser, before Fastify sees a request (headers too large, a request that
 * took too long, bytes that are no HTTP): the service's error body, then the connection closes.
 */
function clientError(config: AppConfig) {
  return (err: NodeJS.ErrnoException, socket: Duplex): void => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, description] =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request was not received in time.']
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'The request headers (or the URL) are larger than allowed.']
          : [400, 'The request is not valid HTTP.'];
    const { body, headers } = errorResponse(config, status, description);
    const all = { ...headers, 'Content-Length': Buffer.byteLength(body), Connection: 'close' };
    const head = Object.entries(all).map(([name, value]) => `${name}: ${value}\r\n`);
    if (socket.writable)
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
    socket.destroy(err);
  };
}

/** Fastify options that main.ts and the test app share. */
export function fastifyOptions(config: AppConfig) {
  return {
    trustProxy: trustFunction(config.trustProxy),
    // Every route reads at most this much, chunked or not; POST /www/zugferd raises its own limit.
    bodyLimit: config.bodyLimitBytes,
    // An incoming X-Request-Id only when it is short and plain; otherwise a new one.
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const header = req.headers['x-request-id'];
      const value = Array.isArray(header) ? header[0] : header;
      return value && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : randomUUID();
    },
    logger: false,
    // Slow clients (slowloris): a request must arrive whole in time, idle connections close.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.requestTimeoutMs > 0 ? Math.min(config.requestTimeoutMs, 60_000) : 60_000,
      // Node checks the two time limits above this often (its default is 30 s).
      connectionsCheckingInterval: 1_000,
    },
    frameworkErrors: frameworkError(config),
    clientErrorHandler: clientError(config),
  };
}

/** Everything both main.ts and the e2e tests apply to the app: one place, one behaviour. */
export function configureApp(app: INestApplication, config: AppConfig): void {
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  // The authenticated user lands on every request (guards.ts, passport): declared up front, every
  // request object keeps one shape instead of changing it mid-request for authenticated routes.
  if (!fastify.hasRequestDecorator('user')) fastify.decorateRequest('user', null);
  if (!fastify.hasRequestDecorator(RATE_LIMITS_PROPERTY)) fastify.decorateRequest(RATE_LIMITS_PROPERTY, null);
  answerMethodNotAllowed(fastify);

  // POST /www/zugferd takes invoices of up to ZUGFERD_BODY_LIMIT_BYTES.
  fastify.addHook('onRoute', (route) => {
    if (route.url === E_INVOICE_PATH && [route.method].flat().includes('POST'))
      route.bodyLimit = config.zugferdBodyLimitBytes;
  });
  // Every route under @ErpAuth checks its token before a byte of the body is read.
  const tokens = app.get(TokenService, { strict: false });
  const anonymous = app.get(AnonymousRequestLimit, { strict: false });
  fastify.addHook('onRequest', async (req: FastifyRequest) => {
    if (routeOption(req, BEARER_ROUTE) === true) await authenticateBeforeBody(req, tokens, anonymous);
  });

  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    /^application\/([\w.+-]+\+)?json/i,
    { parseAs: 'buffer' },
    (req, body, done) => {
      if ((body as Buffer).length === 0) return done(null, undefined);
      const maxValues = req.routeOptions.url === E_INVOICE_PATH ? E_INVOICE_MAX_JSON_VALUES : MAX_JSON_VALUES;
      const tooLarge = jsonValuesProblem(body as Buffer, maxValues);
      if (tooLarge) return done(tooLarge, undefined);
      const text = decodeBody(body as Buffer, charsetOf(req.headers['content-type']));
      if (text === null)
        return done(
          unsupportedMediaType('Unsupported charset; use UTF-8, ISO-8859-1 or windows-1252.'),
          undefined,
        );
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return done(ApiError.badRequest('The request body is not valid JSON.'), undefined);
      }
      if (ignoresBody(req)) return done(null, undefined);
      const problem = jsonShapeProblem(parsed);
      if (problem) return done(problem, undefined);
      done(null, parsed);
    },
  );
  fastify.addContentTypeParser('*', (req, _payload, done) => {
    const hasBody =
      Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (!hasBody) return done(null, undefined);
    done(unsupportedMediaType('Unsupported Content-Type; send application/json.'), undefined);
  });

  // Request durations by route pattern (never the raw URL: bounded label values).
  const metrics = app.get(ServiceMetrics, { strict: false });
  fastify.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    metrics.request(
      req.method,
      req.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  // U+0000 in a path or query parameter: PostgreSQL refuses it in text, so it is a 400 up front.
  fastify.addHook('preValidation', async (req: FastifyRequest) => {
    const problem = nulInParameters(req.params, req.query);
    if (problem) throw problem;
  });

  // Reject an announced oversize body before reading it (by the matched route's limit).
  fastify.addHook('onRequest', async (req: FastifyRequest) => {
    if (Number(req.headers['content-length'] ?? 0) <= req.routeOptions.bodyLimit!) return;
    throw new ApiError(413, ERROR_CODES[413], 'The request body is larger than allowed for this endpoint.');
  });

  /**
   * Every response: its X-Request-Id, no content sniffing, no framing, no referrer; every JSON
   * answer and everything of a /www route (by the matched route, not the raw URL, which may be
   * encoded) is not stored by caches unless the route says otherwise (media revalidate by ETag);
   * HSTS only on a request that came over HTTPS (directly or through the trusted proxy).
   */
  fastify.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.header('X-Request-Id', req.id);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.removeHeader('X-Powered-By');
    writeRateLimitFields(req, reply);
    const json = /^application\/json/i.test(String(reply.getHeader('content-type') ?? ''));
    const dataRoute = (req.routeOptions.url ?? '').startsWith('/www/');
    if ((json || dataRoute) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    if (req.protocol === 'https')
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    const body = conditionalRead(req, reply, payload, config.responseCharset);
    if (typeof body !== 'string' || !json) return body;
    if (reply.statusCode !== 304) reply.header('Content-Type', jsonContentType(config.responseCharset));
    return config.responseCharset === 'utf-8' ? body : encodeLatin1Json(body);
  });

  setupLogging(app);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter());
  setupSwagger(app, config);
}
