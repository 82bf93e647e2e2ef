import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmAuthPersistenceModule } from './adapters/typeorm/typeorm-auth-persistence.module';
import { CredentialsService } from './credentials.service';
import { BasicAuthGuard, BearerAuthGuard, RolesGuard } from './guards';
import { LoginThrottle } from './login-throttle';
import { BasicStrategy } from './strategies/basic.strategy';
import { BearerStrategy } from './strategies/bearer.strategy';
import { TokenController } from './token.controller';
import { TokenService } from './token.service';

@Module({
  imports: [PassportModule.register({ session: false }), TypeOrmAuthPersistenceModule],
  controllers: [TokenController],
  providers: [
    TokenService,
    CredentialsService,
    BearerStrategy,
    BasicStrategy,
    BearerAuthGuard,
    BasicAuthGuard,
    RolesGuard,
    LoginThrottle,
  ],
  exports: [TokenService, CredentialsService, TypeOrmAuthPersistenceModule],
})
export class AuthModule {}
