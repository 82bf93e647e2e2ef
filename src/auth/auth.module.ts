import { Global, Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { loginFailureLogProvider, rateLimitCounterProvider } from './adapters/counter-providers';
import { TypeOrmAuthPersistenceModule } from './adapters/typeorm/typeorm-auth-persistence.module';
import { AnonymousRequestLimit } from './anonymous-request-limit';
import { CredentialsService } from './credentials.service';
import { BasicAuthGuard, BearerAuthGuard } from './guards';
import { LoginThrottle } from './login-throttle';
import { RequestRateLimit } from './request-rate-limit';
import { PassportRequestShape } from './request-shape';
import { BasicStrategy } from './strategies/basic.strategy';
import { BearerStrategy } from './strategies/bearer.strategy';
import { TokenController } from './token.controller';
import { TokenService } from './token.service';

/**
 * Global: every feature's controllers use @ErpAuth(), whose guard needs TokenService and the
 * rate limit from here, without importing AuthModule one by one.
 */
@Global()
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
    LoginThrottle,
    PassportRequestShape,
    RequestRateLimit,
    AnonymousRequestLimit,
    rateLimitCounterProvider,
    loginFailureLogProvider,
  ],
  exports: [TokenService, CredentialsService, RequestRateLimit, TypeOrmAuthPersistenceModule],
})
export class AuthModule {}
