import { Injectable } from '@nestjs/common';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { AppConfig } from '../common/config/app-config';
import { ErpLogger } from '../common/logging/erp-logger';

/** A job's folder: its id (a UUID); nothing else under ZUGFERD_WORK_DIR is ever removed. */
const JOB_FOLDER = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Old folders are looked for at most this often (when a job is kept). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Debug keeps a request's files (inputs, output, steps) in its own folder under ZUGFERD_WORK_DIR,
 * for ZUGFERD_DEBUG_RETENTION_HOURS: keeping a job removes the job folders older than that.
 */
@Injectable()
export class ZugferdWorkFiles {
  private readonly directory: string;
  private lastSweep = 0;

  constructor(
    private readonly config: AppConfig,
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
      await this.sweep(jobId);
    } catch (error) {
      this.logger.event(
        'warn',
        { zugferdJob: jobId, reason: (error as Error).message },
        'zugferd work files not kept',
      );
    }
  }

  /** Removes job folders (not `current`) last changed before the retention period. */
  private async sweep(current: string): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    const before = now - this.config.zugferdDebugRetentionHours * 3_600_000;
    for (const name of await readdir(this.directory)) {
      if (name === current || !JOB_FOLDER.test(name)) continue;
      const folder = join(this.directory, name);
      const info = await stat(folder).catch(() => null);
      if (info?.isDirectory() && info.mtimeMs < before) await rm(folder, { recursive: true, force: true });
    }
  }
}
