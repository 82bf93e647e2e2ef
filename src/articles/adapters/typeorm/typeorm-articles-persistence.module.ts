import { Module } from '@nestjs/common';
import { BulkReaderModule } from '../../../database/bulk-reader.module';
import { ArticleCatalogue } from '../../ports/article-catalogue';
import { ArticlePlannerStatistics } from './article-planner-statistics';
import { SqlArticleCatalogue } from './sql-article-catalogue';

@Module({
  imports: [BulkReaderModule],
  providers: [{ provide: ArticleCatalogue, useClass: SqlArticleCatalogue }, ArticlePlannerStatistics],
  exports: [ArticleCatalogue],
})
export class TypeOrmArticlesPersistenceModule {}
