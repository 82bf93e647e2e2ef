import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AuthUser } from '../auth/auth-user';
import { ApiError } from '../common/errors/api-error';
import { webshopScope } from '../scope/customer-scope';

/**
 * Events and webhooks report on every customer and order, so they are for integration users
 * (no web-shop value) and admins only; a web-shop user would otherwise learn about other shops'
 * customers (D12).
 */
export function assertEventAccess(user: AuthUser): void {
  if (mayUseEvents(user)) return;
  throw ApiError.forbidden(
    'Events and webhooks are for integration users and admins; a web-shop user reads its orders and customers directly.',
  );
}

/** Whether a user may see events; a subscription whose owner may not (any more) gets none. */
export function mayUseEvents(user: Pick<AuthUser, 'role' | 'webshop'> & { disabled?: boolean }): boolean {
  return !user.disabled && webshopScope(user) === null;
}

/**
 * The same rule as a guard on the events controller: it runs right after authentication, so a
 * web-shop user gets its 403 before the request is validated (not a 400 about a body it may not send).
 */
@Injectable()
export class EventAccessGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    assertEventAccess(context.switchToHttp().getRequest<{ user: AuthUser }>().user);
    return true;
  }
}
