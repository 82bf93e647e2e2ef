import { Injectable } from '@nestjs/common';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { AppConfig } from '../common/config/app-config';
import { ErpLogger } from '../common/logging/erp-logger';

/** Debug keeps a request's files (inputs, output, steps) in its own folder under ZUGFERD_WORK_DIR. */
@Injectable()
export class ZugferdWorkFiles {
  private readonly directory: string;

  constructor(
    config: AppConfig,
    private readonly logger: ErpLogger,
  ) {
    this.directory = resolve(config.zugferdWorkDir);
  }

  /** Writes the files; a failure is logged and does not fail the request, whose result is already made. */
  async keep(jobId: string, files: Record<string, Uint8Array | string>): Promise<void> {
    const folder = join(this.directory, jobId);
    try {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      for (const [name, content] of Object.entries(files)) {
        await writeFile(join(folder, name), content, { mode: 0o600 });
      }
    } catch (error) {
      this.logger.event(
        'warn',
        { zugferdJob: jobId, reason: (error as Error).message },
        'zugferd work files not kept',
      );
    }
  }
}
