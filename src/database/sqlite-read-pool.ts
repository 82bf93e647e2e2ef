import { OnApplicationShutdown } from '@nestjs/common';
import { Piscina } from 'piscina';
import { workerScript } from '../common/worker-script';
import { KeyList, published, ReadStatement, SqlReader } from './sql-reader';
import { RowsMessage, rowsOf } from './row-transfer';
import type { ReadTask, SqliteReadSettings } from './sqlite-read-worker';

/** Reads of one turn sent as one task at most (a page's articles and its prices). */
const READS_PER_TASK = 2;
/**
 * Only reads of this many statements at most are gathered (a page's, whose keys fit one IN list):
 * the pieces of a stream's larger batches go on their own, so that both threads work on them.
 */
const GATHERED_STATEMENTS = 2;

interface Gathered {
  statements: ReadStatement[];
  resolve: (rows: unknown[][][]) => void;
  reject: (err: unknown) => void;
}

export interface SqliteReadPoolSettings extends SqliteReadSettings {
  threads: number;
  /** A thread failed outside any read (the pool starts another). */
  onThreadError: (err: Error) => void;
}

/**
 * SqlReader of a SQLite file: worker threads (piscina), each with a read-only connection, so the
 * reads of concurrent requests run on every core while the event loop renders and writes.
 */
export class SqliteReadPool extends SqlReader implements OnApplicationShutdown {
  private readonly pool: Piscina<ReadTask, unknown>;
  /** Reads asked for in this turn of the microtask queue, not yet sent (see `read`). */
  private gathering: Gathered[] | null = null;

  constructor(settings: SqliteReadPoolSettings) {
    super();
    this.pool = new Piscina({
      ...workerScript(__dirname, __filename, 'sqlite-read-worker'),
      workerData: { file: settings.file, cacheKiB: settings.cacheKiB } satisfies SqliteReadSettings,
      minThreads: settings.threads,
      maxThreads: settings.threads,
      // Reads queued in the thread itself: it goes on with the next one while the event loop is
      // busy with the answers (a read runs synchronously, so they still run one at a time).
      concurrentTasksPerWorker: 4,
      idleTimeout: 60_000,
      // A thread's garbage is its answers, gone as soon as they are sent: a small young generation
      // saves memory and costs no time.
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 8 },
    });
    // Without a listener piscina's 'error' would end the process.
    this.pool.on('error', settings.onThreadError);
  }

  /**
   * Reads asked for one right after the other (a page's articles and their prices: two ports,
   * one synchronous step of the event loop) go to a thread as one task, up to READS_PER_TASK of
   * them: one message each way instead of two, and the rows of both arrive together.
   */
  read(statements: ReadStatement[]): Promise<unknown[][][]> {
    published(statements);
    if (statements.length > GATHERED_STATEMENTS) return this.run(statements);
    return new Promise((resolve, reject) => {
      if (this.gathering === null) {
        const gathered: Gathered[] = (this.gathering = []);
        queueMicrotask(() => {
          if (this.gathering === gathered) this.gathering = null;
          this.send(gathered);
        });
      }
      this.gathering.push({ statements, resolve, reject });
      if (this.gathering.length >= READS_PER_TASK) this.gathering = null;
    });
  }

  /** One task for the gathered reads; when it fails, each read on its own, so that a failure is only its own. */
  private send(gathered: Gathered[]): void {
    if (gathered.length === 1) {
      const [one] = gathered;
      this.run(one.statements).then(one.resolve, one.reject);
      return;
    }
    this.run(gathered.flatMap((g) => g.statements)).then(
      (results) => {
        let at = 0;
        for (const g of gathered) g.resolve(results.slice(at, (at += g.statements.length)));
      },
      () => {
        for (const g of gathered) this.run(g.statements).then(g.resolve, g.reject);
      },
    );
  }

  private async run(statements: ReadStatement[]): Promise<unknown[][][]> {
    return rowsOf((await this.pool.run({ statements })) as RowsMessage);
  }

  async keys(statement: ReadStatement): Promise<KeyList> {
    published([statement]);
    const { bytes, ends } = (await this.pool.run({ keys: statement })) as {
      bytes: Uint8Array;
      ends: Uint32Array;
    };
    return new KeyList(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), ends);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.destroy();
  }
}
