import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { QueryRunnerUnitOfWork, SqliteUnitOfWork } from './unit-of-work-adapters';
import { UnitOfWork } from './unit-of-work';

/** The UnitOfWork adapter of the data source's database family. */
export function unitOfWorkFor(dataSource: DataSource): UnitOfWork {
  return dataSource.options.type === 'better-sqlite3'
    ? new SqliteUnitOfWork(dataSource)
    : new QueryRunnerUnitOfWork(dataSource);
}

/** Import where a feature writes (customers, orders, idempotency keys). */
@Module({
  providers: [{ provide: UnitOfWork, inject: [DataSource], useFactory: unitOfWorkFor }],
  exports: [UnitOfWork],
})
export class UnitOfWorkModule {}
