import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { erpDataSourceOptions } from '@app/erp-db';
import { AppConfig } from '../common/config/app-config';
import { DatabaseBootstrap } from './database-bootstrap';
import { erpDbSettings } from './erp-db-settings';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => erpDataSourceOptions(erpDbSettings(config)),
      dataSourceFactory: (options) => new DataSource(options!).initialize(),
    }),
  ],
  providers: [DatabaseBootstrap],
})
export class DatabaseModule {}
