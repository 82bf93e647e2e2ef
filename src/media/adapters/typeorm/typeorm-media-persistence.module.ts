import { Module } from '@nestjs/common';
import { ArticleMediaStore } from '../../ports/article-media-store';
import { TypeOrmArticleMediaStore } from './typeorm-article-media-store';

@Module({
  providers: [{ provide: ArticleMediaStore, useClass: TypeOrmArticleMediaStore }],
  exports: [ArticleMediaStore],
})
export class TypeOrmMediaPersistenceModule {}
