import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { throttledWarning } from '../common/logging/throttled-warning';
import { workerScript } from '../common/worker-script';
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
    this.pool = new Piscina({
      ...workerScript(__dirname, __filename, 'zugferd-worker'),
      // One thread stays started, so a job (and the replacement of a stopped thread) does not wait for a cold start.
      minThreads: 1,
      maxThreads: config.zugferdWorkers,
      idleTimeout: 60_000,
      maxQueue: config.zugferdQueue,
      resourceLimits: { maxOldGenerationSizeMb: config.zugferdWorkerMemoryMb, maxYoungGenerationSizeMb: 64 },
    });
    // A thread that fails outside a job is replaced; without a listener piscina's 'error' would end the process.
    this.pool.on(
      'error',
      throttledWarning(new Logger('EInvoice'), 'e-invoice thread failed; the pool starts a new one'),
    );
  }

  /**
   * The time limit counts from when a worker takes the job up (it says so through a message port),
   * so neither waiting in the queue nor starting a replacement thread eats into it.
   */
  async run(task: Omit<ZugferdTask, 'started'>): Promise<ZugferdOutcome> {
    const deadline = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    port1.once('message', () => {
      timer = setTimeout(() => deadline.abort(), this.config.zugferdTimeoutMs);
    });
    try {
      return await this.pool.run(
        { ...task, started: port2 },
        { signal: deadline.signal, transferList: [port2] },
      );
    } catch (error) {
      if (deadline.signal.aborted) throw new ZugferdJobStopped('timeout');
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ERR_WORKER_OUT_OF_MEMORY') throw new ZugferdJobStopped('memory');
      if ((error as Error).message === 'Task queue is at limit') throw new ZugferdJobStopped('busy');
      throw error;
    } finally {
      clearTimeout(timer);
      port1.close();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.destroy();
  }
}
