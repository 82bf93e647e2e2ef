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
import { AuthUser } from './auth-user';
import { BearerAuthGuard, ROLES_KEY } from './guards';

/**
 * Bearer authentication, optional role restriction and the Swagger security of a route or
 * controller, in one decorator: `@ErpAuth()` for any user, `@ErpAuth('admin')` for admins.
 */
export function ErpAuth(...roles: ApiRole[]) {
  return applyDecorators(
    SetMetadata(ROLES_KEY, roles),
    UseGuards(BearerAuthGuard),
    ApiBearerAuth('bearer'),
    ApiUnauthorizedResponse({ description: 'Missing, invalid or expired bearer token.' }),
    ApiTooManyRequestsResponse({ description: 'Over the per-user rate limit; see Retry-After.' }),
    ...(roles.length > 0 ? [ApiForbiddenResponse({ description: `Needs role ${roles.join(' or ')}.` })] : []),
  );
}

/** The logged-in user (name, role, webshop, usage). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): AuthUser =>
    ctx.switchToHttp().getRequest<{ user: AuthUser }>().user,
);
