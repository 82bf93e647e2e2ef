import { Logger, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { AppConfig } from '../common/config/app-config';
import { throttledWarning } from '../common/logging/throttled-warning';
import { databaseName } from './erp-db-settings';
import { DataSourceReader, BulkReader } from './bulk-reader';
import { PostgresReader } from './postgres-reader';
import { SqliteReadPool } from './sqlite-read-pool';

/**
 * The BulkReader: on PostgreSQL value arrays from the DataSource's pool; on a SQLite file read
 * threads (SQLITE_READ_THREADS > 0); else (SQL Server, :memory:, 0 threads) the DataSource.
 */
@Module({
  providers: [
    {
      provide: BulkReader,
      inject: [AppConfig, getDataSourceToken()],
      useFactory: (config: AppConfig, dataSource: DataSource): BulkReader => {
        if (config.dbType === 'postgres') return new PostgresReader(dataSource);
        // An in-memory database cannot be opened a second time.
        const file = config.dbType === 'sqlite' && config.dbPath !== '' && config.dbPath !== ':memory:';
        return file && config.sqliteReadThreads > 0
          ? new SqliteReadPool(
              resolve(config.dbPath),
              config.sqliteReadThreads,
              throttledWarning(
                new Logger('Database'),
                `read thread on ${databaseName(config)} failed; the pool starts a new one`,
              ),
            )
          : new DataSourceReader(dataSource);
      },
    },
  ],
  exports: [BulkReader],
})
export class BulkReaderModule {}
