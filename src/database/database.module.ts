import { Logger, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { erpDataSourceOptions, isDatabaseEmpty, seedDemo } from '@app/erp-db';
import { AppConfig } from '../common/config/app-config';
import { throttledWarning } from '../common/logging/throttled-warning';
import { databaseName, ensureSqliteFolder, erpDbSettings } from './erp-db-settings';
import { closeSqliteConnection } from './sqlite-connection';

/**
 * The embedded database needs no administrator: on start the app brings its schema up to date
 * and, when SEED_DEMO is on and the database is empty, loads the demo data.
 */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        ensureSqliteFolder(config);
        return erpDataSourceOptions({
          ...erpDbSettings(config),
          onConnectionError: throttledWarning(
            new Logger('Database'),
            `connection to ${databaseName(config)} lost; the pool opens a new one when needed`,
          ),
        });
      },
      dataSourceFactory: (options) => new DataSource(options!).initialize(),
    }),
  ],
})
export class DatabaseModule implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Database');

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  // onModuleInit runs before every onApplicationBootstrap, so other start-up reads find the schema.
  // On SQLite the migrations and the seed are awaited transactions on TypeORM's one connection:
  // nothing else may run meanwhile. Nothing does: the event relay and the other background work
  // start in onApplicationBootstrap, and requests come only after app.listen (src/main.ts).
  async onModuleInit(): Promise<void> {
    if (this.config.dbType === 'sqlite' || this.config.seedDemo) {
      const applied = await this.dataSource.runMigrations({ transaction: 'each' });
      if (applied.length > 0) this.logger.log(`applied ${applied.length} migration(s)`);
    }
    if (this.config.seedDemo && (await isDatabaseEmpty(this.dataSource))) {
      const started = Date.now();
      await seedDemo(this.dataSource);
      this.logger.log(`demo data seeded in ${Date.now() - started} ms`);
    }
  }

  onApplicationShutdown(): void {
    if (this.dataSource.options.type === 'better-sqlite3') closeSqliteConnection(this.dataSource);
  }
}
