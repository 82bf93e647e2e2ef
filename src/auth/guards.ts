import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { ApiRole } from '@app/erp-db';
import { ApiError } from '../common/errors/api-error';
import { AuthUser } from './auth-user';

export const ROLES_KEY = 'erp:roles';

/** Under Fastify the stock guard drops the challenge; this one carries WWW-Authenticate. */
@Injectable()
export class BearerAuthGuard extends AuthGuard('bearer') {
  override handleRequest<TUser = AuthUser>(err: unknown, user: TUser | false, info: unknown): TUser {
    if (err) throw err;
    if (!user) {
      const missing = typeof info === 'string' && !info.includes('error=');
      throw new ApiError(
        401,
        'unauthorized',
        missing ? 'A bearer token is required (POST /www/token).' : 'The access token is invalid or expired.',
        undefined,
        { 'WWW-Authenticate': missing ? 'Bearer realm="erp"' : 'Bearer error="invalid_token"' },
      );
    }
    return user;
  }
}

@Injectable()
export class BasicAuthGuard extends AuthGuard('basic') {
  override handleRequest<TUser = AuthUser>(err: unknown, user: TUser | false): TUser {
    if (err) throw err;
    if (!user) {
      throw new ApiError(401, 'unauthorized', 'Invalid user name or password.', undefined, {
        'WWW-Authenticate': 'Basic realm="erp"',
      });
    }
    return user;
  }
}

@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<ApiRole[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roles || roles.length === 0) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (user && roles.includes(user.role)) return true;
    throw ApiError.forbidden(`This endpoint needs the role ${roles.join(' or ')}.`);
  }
}
