import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-http-bearer';
import { AuthUser } from '../auth-user';
import { TokenService } from '../token.service';

const BEARER_HEADER = /^Bearer (\S+)$/i;

@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly tokens: TokenService) {
    super({ realm: 'erp', passReqToCallback: true });
  }

  async validate(req: FastifyRequest, token: string): Promise<AuthUser | false> {
    // Only the Authorization header: passport-http-bearer would also take ?access_token=,
    // which ends up in proxy logs and browser histories.
    if (BEARER_HEADER.exec(req.headers.authorization ?? '')?.[1] !== token) return false;
    return (await this.tokens.verify(token)) ?? false;
  }
}
