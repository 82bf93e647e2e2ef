import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, mergeMap, Observable, of, catchError } from 'rxjs';
import { AuthUser } from '../auth/auth-user';
import { ApiError } from '../common/errors/api-error';
import { IDEMPOTENCY_KEY_FORMAT } from './idempotency-key';
import { IdempotencyService } from './idempotency.service';
import { requestFingerprint } from './request-fingerprint';

const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Response headers that belong to the answer and are sent again on a replay. */
const REPLAYED_HEADERS = ['location', 'cache-control', 'content-location'];

/**
 * Wraps a POST/PUT handler: without an Idempotency-Key header it does nothing; with one, the
 * first request runs and its response is stored, a repeat gets that response again (with
 * `Idempotent-Replayed: true`). Runs after the auth guard, so keys are per user.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly idempotency: IdempotencyService) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<FastifyRequest & { user?: AuthUser }>();
    const reply = http.getResponse<FastifyReply>();
    const header = req.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return next.handle();
    const key = Array.isArray(header) ? header[0] : header;
    if (!IDEMPOTENCY_KEY_FORMAT.test(key)) {
      throw ApiError.badRequest('The Idempotency-Key header must be 1-255 visible ASCII characters.', [
        { field: 'Idempotency-Key', message: 'must be 1-255 visible ASCII characters' },
      ]);
    }
    const outcome = await this.idempotency.begin({
      userName: req.user?.name ?? '',
      key,
      method: req.method,
      path: req.url.split('?')[0],
      requestHash: requestFingerprint(req.method, req.url, req.body),
    });
    if (outcome.kind === 'replay') {
      void reply.status(outcome.statusCode).headers(outcome.headers).header('Idempotent-Replayed', 'true');
      return of(outcome.body);
    }
    return next.handle().pipe(
      mergeMap((body) =>
        from(
          this.idempotency.finish(outcome, reply.statusCode, body, replayedHeaders(reply)).then(() => body),
        ),
      ),
      catchError((err: unknown) =>
        from(
          this.idempotency.abandon(outcome).then(() => {
            throw err;
          }),
        ),
      ),
    );
  }
}

function replayedHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}
