import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { BasicStrategy as PassportBasicStrategy } from 'passport-http';
import { AuthUser } from '../auth-user';
import { CredentialsService } from '../credentials.service';

@Injectable()
export class BasicStrategy extends PassportStrategy(PassportBasicStrategy, 'basic') {
  constructor(private readonly credentials: CredentialsService) {
    super({ realm: 'erp' });
  }

  async validate(name: string, password: string): Promise<AuthUser | false> {
    return (await this.credentials.verify(name, password)) ?? false;
  }
}
