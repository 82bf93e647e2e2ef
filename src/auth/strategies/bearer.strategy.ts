import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { AuthUser } from '../auth-user';
import { TokenService } from '../token.service';

@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly tokens: TokenService) {
    super({ realm: 'erp' });
  }

  async validate(token: string): Promise<AuthUser | false> {
    return (await this.tokens.verify(token)) ?? false;
  }
}
