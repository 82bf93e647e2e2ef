import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PostgresBatchWriter, SqliteBatchWriter, SqlServerBatchWriter } from './batch-writer-adapters';
import { BatchWriter } from './batch-writer';

/** The BatchWriter adapter of the data source's database family. */
export function batchWriterFor(dataSource: DataSource): BatchWriter {
  switch (dataSource.options.type) {
    case 'better-sqlite3':
      return new SqliteBatchWriter(dataSource);
    case 'postgres':
      return new PostgresBatchWriter(dataSource);
    default:
      return new SqlServerBatchWriter(dataSource);
  }
}

/** Import where a feature writes (customers, orders, idempotency keys). */
@Module({
  providers: [{ provide: BatchWriter, inject: [DataSource], useFactory: batchWriterFor }],
  exports: [BatchWriter],
})
export class BatchWriterModule {}
