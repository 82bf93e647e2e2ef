import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { ApiConflictResponse, ApiHeader, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { IDEMPOTENCY_KEY_SCHEMA } from './idempotency-key';
import { IdempotencyInterceptor } from './idempotency.interceptor';

/**
 * Makes a POST/PUT honour the `Idempotency-Key` header (import IdempotencyModule in the
 * feature module). Put it below `@ErpAuth()`: keys belong to the logged-in user.
 */
export function Idempotent() {
  return applyDecorators(
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      schema: { ...IDEMPOTENCY_KEY_SCHEMA },
      description:
        'Up to 255 visible ASCII characters, unique per request the client means. A repeat with the same key ' +
        'gets the first response again (header Idempotent-Replayed: true) for IDEMPOTENCY_RETENTION_HOURS.',
    }),
    ApiConflictResponse({ description: 'The first request with this Idempotency-Key is still running.' }),
    ApiUnprocessableEntityResponse({ description: 'The Idempotency-Key was used for a different request.' }),
  );
}
