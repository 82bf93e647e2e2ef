import { Module } from '@nestjs/common';
import { PricingModule } from '../pricing/pricing.module';
import { TypeOrmArticlesPersistenceModule } from './adapters/typeorm/typeorm-articles-persistence.module';
import { ArticleOrderSnapshots } from './article-order-snapshots';
import { ArticleRecordCache } from './article-record-cache';
import { ArticleVisibility } from './article-visibility';
import { ArticlesController } from './articles.controller';
import { ArticlesService } from './articles.service';
import { AppConfig } from '../common/config/app-config';
import {
  sqliteRenderPoolSettings,
  SqliteWorkerRecordRenderer,
} from './adapters/sqlite-workers/sqlite-worker-record-renderer';
import { InProcessRecordRenderer } from './in-process-record-renderer';
import { ArticleRecordRenderer } from './ports/article-record-renderer';

@Module({
  imports: [PricingModule, TypeOrmArticlesPersistenceModule],
  controllers: [ArticlesController],
  providers: [
    ArticlesService,
    ArticleOrderSnapshots,
    ArticleRecordCache,
    ArticleVisibility,
    InProcessRecordRenderer,
    {
      // Worker threads on a SQLite file, else the event loop (a database server works elsewhere).
      provide: ArticleRecordRenderer,
      inject: [AppConfig, InProcessRecordRenderer],
      useFactory: (config: AppConfig, inProcess: InProcessRecordRenderer): ArticleRecordRenderer => {
        const pool = sqliteRenderPoolSettings(config);
        return pool ? new SqliteWorkerRecordRenderer(pool) : inProcess;
      },
    },
  ],
  exports: [ArticleVisibility],
})
export class ArticlesModule {}
