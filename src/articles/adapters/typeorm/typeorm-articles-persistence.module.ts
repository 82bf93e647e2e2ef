import { Module } from '@nestjs/common';
import { ArticleCatalogue } from '../../ports/article-catalogue';
import { TypeOrmArticleCatalogue } from './typeorm-article-catalogue';

@Module({
  providers: [{ provide: ArticleCatalogue, useClass: TypeOrmArticleCatalogue }],
  exports: [ArticleCatalogue],
})
export class TypeOrmArticlesPersistenceModule {}
