import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { extname, join } from 'node:path';
import { Piscina } from 'piscina';
import { AppConfig } from '../common/config/app-config';
import type { ZugferdOutcome, ZugferdTask } from './zugferd-worker';

/** Why a job got no outcome from its worker; the service words each for the client. */
export class ZugferdJobStopped extends Error {
  constructor(readonly why: 'timeout' | 'memory' | 'busy') {
    super(`e-invoice job stopped: ${why}`);
  }
}

/**
 * The worker threads that run e-invoice jobs (piscina). Each job has a time limit: when it runs
 * over, the pool terminates its thread and starts a fresh one; each thread has a heap limit, and
 * a job over it ends the same way. A bounded queue holds jobs waiting for a thread.
 */
@Injectable()
export class ZugferdPool implements OnApplicationShutdown {
  private readonly pool: Piscina<ZugferdTask, ZugferdOutcome>;

  constructor(private readonly config: AppConfig) {
    const file = join(__dirname, `zugferd-worker${extname(__filename)}`);
    this.pool = new Piscina({
      filename: file,
      // Under ts-node (jest, dev) the worker is TypeScript and needs the same loaders.
      execArgv: file.endsWith('.ts')
        ? [
            '-r',
            require.resolve('ts-node/register/transpile-only'),
            '-r',
            require.resolve('tsconfig-paths/register'),
          ]
        : [],
      // One thread stays started, so a job (and the replacement of a stopped thread) does not wait for a cold start.
      minThreads: 1,
      maxThreads: config.zugferdWorkers,
      idleTimeout: 60_000,
      maxQueue: config.zugferdQueue,
      resourceLimits: { maxOldGenerationSizeMb: config.zugferdWorkerMemoryMb, maxYoungGenerationSizeMb: 64 },
    });
  }

  async run(task: ZugferdTask): Promise<ZugferdOutcome> {
    const deadline = AbortSignal.timeout(this.config.zugferdTimeoutMs);
    try {
      return await this.pool.run(task, { signal: deadline });
    } catch (error) {
      if (deadline.aborted) throw new ZugferdJobStopped('timeout');
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ERR_WORKER_OUT_OF_MEMORY') throw new ZugferdJobStopped('memory');
      if ((error as Error).message === 'Task queue is at limit') throw new ZugferdJobStopped('busy');
      throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.destroy();
  }
}
