import {
  applyDecorators,
  createParamDecorator,
  ExecutionContext,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { ApiRole } from '@app/erp-db';
import { setRouteOption } from '../common/http/route-config';
import { AuthUser } from './auth-user';
import { BearerAuthGuard, ROLES_KEY } from './guards';

/** Set in the Fastify route config of every route under @ErpAuth: http-setup.ts checks its token early. */
export const BEARER_ROUTE = 'erpBearer';

function markBearerRoute(handler: unknown): void {
  setRouteOption(handler, BEARER_ROUTE, true);
}

/**
 * Marks the routes of a method, or of every method of a controller, in their Fastify route config
 * (Nest reads it from the handler only, so a controller's decorator marks each of its methods).
 */
function BearerRouteConfig(): ClassDecorator & MethodDecorator {
  return (target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) return markBearerRoute(descriptor.value);
    const prototype = (target as { prototype: Record<string, unknown> }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype))
      if (name !== 'constructor') markBearerRoute(prototype[name]);
  };
}

/**
 * Bearer authentication, optional role restriction and the Swagger security of a route or
 * controller, in one decorator: `@ErpAuth()` for any user, `@ErpAuth('admin')` for admins.
 */
export function ErpAuth(...roles: ApiRole[]) {
  return applyDecorators(
    BearerRouteConfig(),
    SetMetadata(ROLES_KEY, roles),
    UseGuards(BearerAuthGuard),
    ApiBearerAuth('bearer'),
    ApiUnauthorizedResponse({ description: 'Missing, invalid or expired bearer token.' }),
    ApiTooManyRequestsResponse({
      description:
        'Over the per-user rate limit, or too many requests without a valid token from this address; see Retry-After.',
    }),
    ...(roles.length > 0 ? [ApiForbiddenResponse({ description: `Needs role ${roles.join(' or ')}.` })] : []),
  );
}

/** The logged-in user (name, role, webshop, usage). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): AuthUser =>
    ctx.switchToHttp().getRequest<{ user: AuthUser }>().user,
);
