import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import type { ApiRole } from '@app/erp-db';
import { ApiError } from '../common/errors/api-error';
import { AnonymousRequestLimit } from './anonymous-request-limit';
import { AuthUser } from './auth-user';
import { RequestRateLimit } from './request-rate-limit';
import { TokenService } from './token.service';

export const ROLES_KEY = 'erp:roles';

type AuthRequest = FastifyRequest & {
  user?: AuthUser;
  body?: { access_token?: unknown };
  query?: { access_token?: unknown };
};

/**
 * The token of `Authorization: Bearer <token>` for the guard's cache, as `bearerCredentials`
 * reads it; none when the body or query also carries one (passport-http-bearer refuses a second
 * token: that case is left to it).
 */
function headerToken(req: AuthRequest): string | undefined {
  if (req.body?.access_token !== undefined || req.query?.access_token !== undefined) return undefined;
  const credentials = bearerCredentials(req);
  return typeof credentials === 'object' ? credentials.token : undefined;
}

/** The 401 of a bearer route: no token at all, or one that is not (or no longer) valid. */
function bearerRefusal(missing: boolean): ApiError {
  return new ApiError(
    401,
    'unauthorized',
    missing ? 'A bearer token is required (POST /www/token).' : 'The access token is invalid or expired.',
    undefined,
    { 'WWW-Authenticate': missing ? 'Bearer realm="erp"' : 'Bearer error="invalid_token"' },
  );
}

/**
 * What passport-http-bearer and the guard make of a request's credentials, decided from its
 * headers and query alone: 'missing' and 'invalid' are the two 401s, `{token}` the token to
 * verify. Passport splits the header at every blank (a third part is a 400, answered as an invalid
 * token) and never accepts ?access_token= (bearer.strategy.ts), which thus is always invalid.
 */
function bearerCredentials(req: AuthRequest): 'missing' | 'invalid' | { token: string } {
  const header = req.headers.authorization;
  let token: string | undefined;
  if (header) {
    const parts = header.split(' ');
    if (parts.length !== 2) return 'invalid';
    if (/^Bearer$/i.test(parts[0])) token = parts[1];
  }
  if (req.query?.access_token) return 'invalid';
  return token ? { token } : 'missing';
}

/**
 * Authenticates a bearer route in an onRequest hook, before a byte of its body is read, with the
 * 401 the guard would give; a request without a valid token is also counted by the client's
 * address (429 past ANONYMOUS_RATE_LIMIT_PER_MINUTE). The guard runs afterwards as on every
 * route (the verified token is cached, so that costs a map lookup) and counts the user's limit.
 */
export async function authenticateBeforeBody(
  req: FastifyRequest,
  tokens: TokenService,
  anonymous: AnonymousRequestLimit,
): Promise<void> {
  const credentials = bearerCredentials(req as AuthRequest);
  if (typeof credentials === 'object' && (await tokens.verify(credentials.token))) return;
  anonymous.count(req);
  throw bearerRefusal(credentials === 'missing');
}

/**
 * `@ErpAuth()`: bearer token (passport-http-bearer), role, per-user rate limit, in one guard.
 * A token verified within the cache time skips passport (one map lookup; the bench shows why);
 * everything else (unknown, expired, malformed, missing) goes through the strategy. Under
 * Fastify the stock guard drops the challenge; this one carries WWW-Authenticate.
 */
@Injectable()
export class BearerAuthGuard extends AuthGuard('bearer') {
  private readonly roles = new WeakMap<object, readonly ApiRole[]>();

  constructor(
    private readonly tokens: TokenService,
    private readonly reflector: Reflector,
    private readonly rateLimit: RequestRateLimit,
  ) {
    super();
  }

  override canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthRequest>();
    // @ErpAuth on a controller and on its method runs this guard twice: authenticate and count once.
    if (req.user) return this.authorize(context, req.user, false);
    const token = headerToken(req);
    const cached = token === undefined ? null : this.tokens.cachedUser(token);
    if (cached) {
      req.user = cached;
      return this.authorize(context, cached, true);
    }
    return (super.canActivate(context) as Promise<boolean>).then(() =>
      this.authorize(context, req.user as AuthUser, true),
    );
  }

  private authorize(context: ExecutionContext, user: AuthUser, count: boolean): boolean {
    if (count) this.rateLimit.count(user, context.switchToHttp().getResponse());
    const roles = this.rolesOf(context);
    if (roles.length > 0 && !roles.includes(user.role))
      throw ApiError.forbidden(`This endpoint needs the role ${roles.join(' or ')}.`);
    return true;
  }

  /** Roles of the handler, else of its controller; read once per handler. */
  private rolesOf(context: ExecutionContext): readonly ApiRole[] {
    const handler = context.getHandler();
    let roles = this.roles.get(handler);
    if (roles === undefined) {
      roles =
        this.reflector.getAllAndOverride<ApiRole[] | undefined>(ROLES_KEY, [handler, context.getClass()]) ??
        [];
      this.roles.set(handler, roles);
    }
    return roles;
  }

  override handleRequest<TUser = AuthUser>(err: unknown, user: TUser | false, info: unknown): TUser {
    if (err) throw err;
    if (!user) throw bearerRefusal(typeof info === 'string' && !info.includes('error='));
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
