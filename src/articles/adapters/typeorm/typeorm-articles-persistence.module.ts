import { Module } from '@nestjs/common';
import { SqlReaderModule } from '../../../database/sql-reader.module';
import { ArticleCatalogue } from '../../ports/article-catalogue';
import { ArticlePlannerStatistics } from './article-planner-statistics';
import { TypeOrmArticleCatalogue } from './typeorm-article-catalogue';

@Module({
  imports: [SqlReaderModule],
  providers: [{ provide: ArticleCatalogue, useClass: TypeOrmArticleCatalogue }, ArticlePlannerStatistics],
  exports: [ArticleCatalogue],
})
export class TypeOrmArticlesPersistenceModule {}
