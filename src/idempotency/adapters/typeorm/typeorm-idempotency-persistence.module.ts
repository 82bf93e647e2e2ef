import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotencyKeyEntity } from '@app/erp-db';
import { BatchWriterModule } from '../../../database/batch-writer.module';
import { IdempotencyStore } from '../../ports/idempotency-store';
import { TypeOrmIdempotencyStore } from './typeorm-idempotency-store';

@Module({
  imports: [BatchWriterModule, TypeOrmModule.forFeature([IdempotencyKeyEntity])],
  providers: [{ provide: IdempotencyStore, useClass: TypeOrmIdempotencyStore }],
  exports: [IdempotencyStore],
})
export class TypeOrmIdempotencyPersistenceModule {}
