import { Module } from '@nestjs/common';
import { TypeOrmIdempotencyPersistenceModule } from './adapters/typeorm/typeorm-idempotency-persistence.module';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyService } from './idempotency.service';

/** Import in a feature module whose POST/PUT routes carry `@Idempotent()`. */
@Module({
  imports: [TypeOrmIdempotencyPersistenceModule],
  providers: [IdempotencyService, IdempotencyInterceptor],
  exports: [IdempotencyService, IdempotencyInterceptor],
})
export class IdempotencyModule {}
