import { AuthUser } from '../auth/auth-user';
import { ApiError } from '../common/errors/api-error';
import { webshopScope } from '../scope/customer-scope';

/**
 * Events and webhooks report on every customer and order, so they are for integration users
 * (no web-shop value) and admins only; a web-shop user would otherwise learn about other shops'
 * customers (D12).
 */
export function assertEventAccess(user: AuthUser): void {
  if (webshopScope(user) === null) return;
  throw ApiError.forbidden(
    'Events and webhooks are for integration users and admins; a web-shop user reads its orders and customers directly.',
  );
}
