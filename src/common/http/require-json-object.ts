import { ApiError } from '../errors/api-error';

/**
 * The validation pipe turns a missing or `null` body into `{}`; a PUT/PATCH that changes
 * "nothing" by accident is refused here from the raw request body instead.
 */
export function requireJsonObject(rawBody: unknown): void {
  if (rawBody === null || typeof rawBody !== 'object' || Array.isArray(rawBody)) {
    throw ApiError.badRequest('The request body must be a JSON object.', [
      { field: 'body', message: 'must be a JSON object' },
    ]);
  }
}
