import { Module } from '@nestjs/common';
import { SqlReaderModule } from '../../../database/sql-reader.module';
import { ArticleCatalogue } from '../../ports/article-catalogue';
import { TypeOrmArticleCatalogue } from './typeorm-article-catalogue';

@Module({
  imports: [SqlReaderModule],
  providers: [{ provide: ArticleCatalogue, useClass: TypeOrmArticleCatalogue }],
  exports: [ArticleCatalogue],
})
export class TypeOrmArticlesPersistenceModule {}
