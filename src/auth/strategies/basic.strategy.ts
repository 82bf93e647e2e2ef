import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { BasicStrategy as PassportBasicStrategy } from 'passport-http';
import { addRateLimit } from '../../common/http/rate-limit-fields';
import { AuthUser } from '../auth-user';
import { CredentialsService } from '../credentials.service';
import { LoginThrottle } from '../login-throttle';
import { isUserName } from '../user-admin.service';

/**
 * The password as sent: passport-http splits the credentials at every ':' and would cut a
 * password that contains one (RFC 7617 allows it; only the user id cannot contain ':').
 */
function basicPassword(authorization: string | undefined, fallback: string): string {
  const encoded = authorization?.trim().split(/\s+/)[1];
  if (!encoded) return fallback;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? fallback : decoded.slice(colon + 1);
}

@Injectable()
export class BasicStrategy extends PassportStrategy(PassportBasicStrategy, 'basic') {
  constructor(
    private readonly credentials: CredentialsService,
    private readonly throttle: LoginThrottle,
  ) {
    super({ realm: 'erp', passReqToCallback: true });
  }

  async validate(req: FastifyRequest, name: string, password: string): Promise<AuthUser | false> {
    // A name the users CLI could never have created cannot log in: refused before any counter,
    // so such names (of any length) cost neither a database read, a scrypt run nor memory.
    if (!isUserName(name)) return false;
    const found = await this.credentials.find(name);
    // Counted by the user found, so spellings one database compares as equal share one count.
    const attempt = await this.throttle.begin(
      (found?.name ?? name).toLowerCase(),
      req.ip,
      (policy, left, reset) => addRateLimit(req, policy, left, reset),
    );
    let user: AuthUser | null = null;
    try {
      user = await this.credentials.verify(name, found, basicPassword(req.headers.authorization, password));
    } finally {
      if (user) await this.throttle.succeeded(attempt);
      else await this.throttle.failed(attempt);
    }
    return user ?? false;
  }
}
