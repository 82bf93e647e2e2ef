import { Logger, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { AppConfig } from '../common/config/app-config';
import { throttledWarning } from '../common/logging/throttled-warning';
import { databaseName } from './erp-db-settings';
import { DataSourceReader, SqlReader } from './sql-reader';
import { PostgresReadPool } from './postgres-read-pool';
import { SqliteReadPool } from './sqlite-read-pool';

/** Connections of the PostgreSQL read pool (the article list's reads; writes use the DataSource's pool). */
const POSTGRES_READ_CONNECTIONS = 8;

/**
 * The SqlReader: on PostgreSQL a pool of its own that plans index paths only; on a SQLite file
 * read threads (SQLITE_READ_THREADS > 0); else (SQL Server, :memory:, 0 threads) the DataSource.
 */
@Module({
  providers: [
    {
      provide: SqlReader,
      inject: [AppConfig, getDataSourceToken()],
      useFactory: (config: AppConfig, dataSource: DataSource): SqlReader => {
        if (config.dbType === 'postgres' && config.databaseUrl)
          return new PostgresReadPool(
            config.databaseUrl,
            Math.min(POSTGRES_READ_CONNECTIONS, config.dbPoolSize),
            throttledWarning(
              new Logger('Database'),
              `read connection to ${databaseName(config)} lost; the read pool opens a new one when needed`,
            ),
          );
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
  exports: [SqlReader],
})
export class SqlReaderModule {}
