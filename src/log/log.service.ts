import { Injectable } from '@nestjs/common';
import { AuthUser } from '../auth/auth-user';
import { ErpLogger } from '../common/logging/erp-logger';

/** DELETE /www/log: every log file goes, logging carries on in a fresh file. */
@Injectable()
export class LogService {
  constructor(private readonly logger: ErpLogger) {}

  async deleteAll(user: AuthUser): Promise<void> {
    const deleted = await this.logger.file.clear();
    // The first line of the fresh file says who emptied the log and when.
    this.logger.event('info', { user: user.name, deletedFiles: deleted }, 'log files deleted');
  }
}
