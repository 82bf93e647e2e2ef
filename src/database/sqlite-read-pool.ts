import { OnApplicationShutdown } from '@nestjs/common';
import { Piscina } from 'piscina';
import { workerScript } from '../common/worker-script';
import { published } from './sql-gateway';
import { KeyList, ReadStatement, BulkReader } from './bulk-reader';
import type { ReadTask } from './sqlite-read-worker';

/**
 * BulkReader of a SQLite file: worker threads (piscina), each with a read-only connection, so the
 * reads of concurrent requests run on every core while the event loop renders and writes.
 */
export class SqliteReadPool extends BulkReader implements OnApplicationShutdown {
  private readonly pool: Piscina<ReadTask, unknown>;

  /** `onThreadError`: a thread failed outside any read (the pool starts another). */
  constructor(file: string, threads: number, onThreadError: (err: Error) => void) {
    super();
    this.pool = new Piscina({
      ...workerScript(__dirname, __filename, 'sqlite-read-worker'),
      workerData: file,
      minThreads: threads,
      maxThreads: threads,
      // Reads queued in the thread itself: it goes on with the next one while the event loop is
      // busy with the answers (a read runs synchronously, so they still run one at a time).
      concurrentTasksPerWorker: 4,
      idleTimeout: 60_000,
      // A thread's garbage is its answers, gone as soon as they are sent: a small young generation
      // saves memory and costs no time.
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 8 },
    });
    // Without a listener piscina's 'error' would end the process.
    this.pool.on('error', onThreadError);
  }

  async read(statements: ReadStatement[]): Promise<unknown[][][]> {
    for (const s of statements) published(s.sql);
    // One JSON text where SQLite could write the rows as one (see the worker), else the rows.
    const rows = (await this.pool.run({ statements })) as string | unknown[][][];
    return typeof rows === 'string' ? (JSON.parse(rows) as unknown[][][]) : rows;
  }

  async keys(statement: ReadStatement): Promise<KeyList> {
    published(statement.sql);
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
