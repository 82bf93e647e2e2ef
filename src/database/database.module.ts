import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { erpDataSourceOptions } from '@app/erp-db';
import { AppConfig } from '../common/config/app-config';
import { DatabaseBootstrap } from './database-bootstrap';
import { erpDbSettings } from './erp-db-settings';
import { installSqliteTransactionGate } from './sqlite-transaction-gate';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => erpDataSourceOptions(erpDbSettings(config)),
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        installSqliteTransactionGate(dataSource);
        return dataSource;
      },
    }),
  ],
  providers: [DatabaseBootstrap],
})
export class DatabaseModule {}
