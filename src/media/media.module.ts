import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/articles.module';
import { TypeOrmMediaPersistenceModule } from './adapters/typeorm/typeorm-media-persistence.module';
import { MediaFileController, MediaListController } from './media.controller';
import { MediaService } from './media.service';

@Module({
  imports: [ArticlesModule, TypeOrmMediaPersistenceModule],
  controllers: [MediaListController, MediaFileController],
  providers: [MediaService],
})
export class MediaModule {}
