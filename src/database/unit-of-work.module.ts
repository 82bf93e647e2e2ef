import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PostgresUnitOfWork, SqliteUnitOfWork, SqlServerUnitOfWork } from './unit-of-work-adapters';
import { UnitOfWork } from './unit-of-work';

/** The UnitOfWork adapter of the data source's database family. */
export function unitOfWorkFor(dataSource: DataSource): UnitOfWork {
  switch (dataSource.options.type) {
    case 'better-sqlite3':
      return new SqliteUnitOfWork(dataSource);
    case 'postgres':
      return new PostgresUnitOfWork(dataSource);
    default:
      return new SqlServerUnitOfWork(dataSource);
  }
}

/** Import where a feature writes (customers, orders, idempotency keys). */
@Module({
  providers: [{ provide: UnitOfWork, inject: [DataSource], useFactory: unitOfWorkFor }],
  exports: [UnitOfWork],
})
export class UnitOfWorkModule {}
