import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { erpDataSourceOptions } from '@app/erp-db';
import { AppConfig } from '../common/config/app-config';
import { DatabaseBootstrap } from './database-bootstrap';
import { throttledWarning } from '../common/logging/throttled-warning';
import { databaseName, erpDbSettings } from './erp-db-settings';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        erpDataSourceOptions({
          ...erpDbSettings(config),
          onConnectionError: throttledWarning(
            new Logger('Database'),
            `connection to ${databaseName(config)} lost; the pool opens a new one when needed`,
          ),
        }),
      dataSourceFactory: (options) => new DataSource(options!).initialize(),
    }),
  ],
  providers: [DatabaseBootstrap],
})
export class DatabaseModule {}
