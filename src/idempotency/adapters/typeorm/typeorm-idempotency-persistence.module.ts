import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotencyKeyEntity } from '@app/erp-db';
import { AtomicWritesModule } from '../../../database/atomic-writes.module';
import { IdempotencyStore } from '../../ports/idempotency-store';
import { TypeOrmIdempotencyStore } from './typeorm-idempotency-store';

@Module({
  imports: [AtomicWritesModule, TypeOrmModule.forFeature([IdempotencyKeyEntity])],
  providers: [{ provide: IdempotencyStore, useClass: TypeOrmIdempotencyStore }],
  exports: [IdempotencyStore],
})
export class TypeOrmIdempotencyPersistenceModule {}
