import { Module } from '@nestjs/common';
import { PricingModule } from '../pricing/pricing.module';
import { TypeOrmArticlesPersistenceModule } from './adapters/typeorm/typeorm-articles-persistence.module';
import { ArticleLanguages } from './article-languages';
import { ArticleOrderSnapshots } from './article-order-snapshots';
import { ArticleRecordCache } from './article-record-cache';
import { ArticleVisibility } from './article-visibility';
import { ArticlesController } from './articles.controller';
import { ArticlesService } from './articles.service';
import { ScopeModule } from '../scope/scope.module';

@Module({
  imports: [ScopeModule, PricingModule, TypeOrmArticlesPersistenceModule],
  controllers: [ArticlesController],
  providers: [
    ArticlesService,
    ArticleLanguages,
    ArticleOrderSnapshots,
    ArticleRecordCache,
    ArticleVisibility,
  ],
  exports: [ArticleVisibility],
})
export class ArticlesModule {}
