import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotencyKeyEntity } from '@app/erp-db';
import { UnitOfWorkModule } from '../../../database/unit-of-work.module';
import { IdempotencyStore } from '../../ports/idempotency-store';
import { TypeOrmIdempotencyStore } from './typeorm-idempotency-store';

@Module({
  imports: [UnitOfWorkModule, TypeOrmModule.forFeature([IdempotencyKeyEntity])],
  providers: [{ provide: IdempotencyStore, useClass: TypeOrmIdempotencyStore }],
  exports: [IdempotencyStore],
})
export class TypeOrmIdempotencyPersistenceModule {}
