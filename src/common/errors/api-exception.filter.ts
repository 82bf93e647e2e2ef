import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { throttledWarning } from '../logging/throttled-warning';
import { ApiError, ERROR_CODES } from './api-error';
import { isDatabaseUnavailable } from './database-unavailable';
import { routeErrorBody } from './route-error-body';

/** Fastify reports a body over the limit while reading it; Nest hands that on as an HttpException. */
const TOO_LARGE = 'The request body is larger than allowed for this endpoint.';

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  message?: string;
}

/** Turns every exception into the one error body; a 500 never shows its cause to the client. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');
  private readonly databaseAway = throttledWarning(this.logger, 'database unavailable, answering 503');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const error = this.toApiError(exception);
    if (error.status >= 500) {
      this.logger.error(
        { reqId: request.id, method: request.method, url: request.url, err: exception },
        'request failed',
      );
    }
    const body = routeErrorBody(request, error) ?? error.body();
    void reply
      .status(error.status)
      .headers(error.headers)
      .header('Content-Type', 'application/json')
      .send(JSON.stringify(body));
  }

  private toApiError(exception: unknown): ApiError {
    if (exception instanceof ApiError) return exception;
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const message =
        typeof response === 'object' && response !== null && 'message' in response
          ? String((response as { message: unknown }).message)
          : exception.message;
      return new ApiError(
        status,
        ERROR_CODES[status] ?? (status >= 500 ? 'server_error' : 'invalid_request'),
        status >= 500 ? 'Internal server error.' : status === 413 ? TOO_LARGE : message,
      );
    }
    if (isDatabaseUnavailable(exception)) {
      this.databaseAway(exception as Error);
      return ApiError.databaseUnavailable();
    }
    const fastify = exception as FastifyLikeError;
    if (typeof fastify?.statusCode === 'number' && fastify.statusCode >= 400 && fastify.statusCode < 500) {
      return new ApiError(
        fastify.statusCode,
        ERROR_CODES[fastify.statusCode] ?? 'invalid_request',
        describeFastifyError(fastify),
      );
    }
    return new ApiError(
      500,
      'server_error',
      'Internal server error. The request id identifies it in the service log.',
    );
  }
}

function describeFastifyError(e: FastifyLikeError): string {
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return TOO_LARGE;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported Content-Type; send application/json.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty.';
    default:
      return e.message ?? 'Invalid request.';
  }
}
