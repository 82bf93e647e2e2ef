import { Controller, Delete, HttpCode } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../auth/auth-user';
import { CurrentUser, ErpAuth } from '../auth/erp-auth.decorator';
import { LogService } from './log.service';

@ApiTags('log')
@Controller('www/log')
export class LogController {
  constructor(private readonly logs: LogService) {}

  @Delete()
  @HttpCode(204)
  @ErpAuth('admin')
  @ApiOperation({
    summary: 'Deletes all log files',
    description:
      'Deletes every log file in the configured log directory, the current one included; ' +
      'logging continues into a fresh file. Role admin.',
  })
  @ApiNoContentResponse({ description: 'The log files are deleted.' })
  async deleteAll(@CurrentUser() user: AuthUser): Promise<void> {
    await this.logs.deleteAll(user);
  }
}
