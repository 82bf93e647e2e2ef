import { Module } from '@nestjs/common';
import { BatchWriterModule } from '../../../database/batch-writer.module';
import { IdempotencyStore } from '../../ports/idempotency-store';
import { TypeOrmIdempotencyStore } from './typeorm-idempotency-store';

@Module({
  imports: [BatchWriterModule],
  providers: [{ provide: IdempotencyStore, useClass: TypeOrmIdempotencyStore }],
  exports: [IdempotencyStore],
})
export class TypeOrmIdempotencyPersistenceModule {}
