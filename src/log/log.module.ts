import { Module } from '@nestjs/common';
import { LoggingModule } from '../common/logging/logging.module';
import { LogController } from './log.controller';
import { LogService } from './log.service';

@Module({
  imports: [LoggingModule],
  controllers: [LogController],
  providers: [LogService],
})
export class LogModule {}
