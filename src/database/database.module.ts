import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { erpDataSourceOptions } from '@app/erp-db';
import { AppConfig } from '../common/config/app-config';
import { DatabaseBootstrap } from './database-bootstrap';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        erpDataSourceOptions({
          type: config.dbType,
          path: config.dbPath,
          url: config.databaseUrl,
          mssqlTrustServerCertificate: config.mssqlTrustServerCertificate,
          poolSize: config.dbPoolSize,
        }),
    }),
  ],
  providers: [DatabaseBootstrap],
})
export class DatabaseModule {}
