import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { extname, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppConfig } from '../../../common/config/app-config';
import { ResponseCharset } from '../../../common/http/json-bytes';
import { ArticleFilter, ArticleKey, ArticleRow, ArticleSort } from '../../ports/article-catalogue';
import { ArticleRecordRenderer, EncodedRecords, RenderContext } from '../../ports/article-record-renderer';
import { articleRowValues, rangeable, rowsInRangeSql } from '../typeorm/article-sql';
import { RenderJob, RenderReply, RenderWorkerSettings } from './record-render-protocol';

export interface SqliteRenderPoolSettings extends RenderWorkerSettings {
  threads: number;
  /** A worker without work for this long ends (its memory is given back); the next batch starts one. */
  idleMs: number;
}

/** A worker's heap: batches are small, so a runaway worker ends instead of growing the process. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 };

/** A worker's answer to a batch. */
type Rendered = Exclude<RenderReply, { error: string }>;

interface Pending {
  resolve: (rendered: Rendered) => void;
  reject: (error: Error) => void;
}

/** One worker thread, started on first use; its unanswered batches fail if it dies. */
class RenderThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly settings: SqliteRenderPoolSettings,
    private readonly logger: Logger,
  ) {}

  get load(): number {
    return this.pending.size;
  }

  run(job: RenderJob): Promise<Rendered> {
    const worker = this.worker ?? this.start();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    return new Promise((resolve, reject) => {
      this.pending.set(job.id, { resolve, reject });
      worker.postMessage(job);
    });
  }

  stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.failAll(new Error('article render worker stopped'));
    return worker ? worker.terminate().then(() => undefined) : Promise.resolve();
  }

  private start(): Worker {
    const file = join(__dirname, `record-render-worker${extname(__filename)}`);
    // Under ts-node/jest the worker is TypeScript too; compiled, it is the .js next to this file.
    const worker = file.endsWith('.ts')
      ? new Worker(
          // Resolved here: the worker's own resolution starts at the working directory.
          [
            require.resolve('ts-node/register/transpile-only'),
            require.resolve('tsconfig-paths/register'),
            file,
          ]
            .map((m) => `require(${JSON.stringify(m)});`)
            .join(''),
          { eval: true, workerData: this.workerData(), resourceLimits: WORKER_LIMITS },
        )
      : new Worker(file, { workerData: this.workerData(), resourceLimits: WORKER_LIMITS });
    worker.unref();
    worker.on('message', (reply: RenderReply) => this.answer(reply));
    // A worker stopped on purpose has failed its batches already; one that dies fails them now
    // (and only its own: a new worker may be running by the time the old one's exit arrives).
    worker.on('error', (e: unknown) => {
      // What a worker throws arrives cloned: a SqliteError, say, as a plain object or a string.
      const why = (e as { message?: unknown } | null)?.message ?? e;
      this.logger.error(`article render worker failed: ${String(why)}`);
      this.lost(worker, new Error(`article render worker failed: ${String(why)}`));
    });
    worker.on('exit', (code) => {
      const why = code === 0 ? 'ended' : `failed (exit code ${code})`;
      this.lost(worker, new Error(`article render worker ${why}`));
    });
    this.worker = worker;
    return worker;
  }

  private workerData(): RenderWorkerSettings {
    return { file: this.settings.file, cacheKiB: this.settings.cacheKiB };
  }

  private answer(reply: RenderReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if ('error' in reply) pending.reject(new Error(`article render worker: ${reply.error}`));
    else pending.resolve(reply);
    if (this.pending.size === 0 && this.worker) {
      this.idleTimer = setTimeout(() => void this.stop(), this.settings.idleMs);
      this.idleTimer.unref();
    }
  }

  private lost(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.failAll(error);
  }

  private failAll(error: Error): void {
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }
}

/**
 * Renders records on worker threads, each with its own read-only connection to the SQLite file
 * (better-sqlite3 blocks the thread it runs on, so on the event loop a cold export or catalogue
 * walk uses one core). A batch goes to the thread with the fewest batches. For pages the event
 * loop reads the rows and keeps the record cache; for a stream it reads only the order keys and
 * the threads read the rows, a range of the order index per batch.
 */
export class SqliteWorkerRecordRenderer extends ArticleRecordRenderer implements OnApplicationShutdown {
  readonly parallelism: number;
  private readonly threads: RenderThread[];
  private nextId = 0;

  constructor(private readonly settings: SqliteRenderPoolSettings) {
    super();
    const logger = new Logger('ArticleRenderWorkers');
    // One batch rendering and one queued per thread: a thread never waits for the event loop.
    this.parallelism = 2 * settings.threads;
    this.threads = Array.from({ length: settings.threads }, () => new RenderThread(settings, logger));
  }

  async render(rows: ArticleRow[], ctx: RenderContext): Promise<string[]> {
    if (rows.length === 0) return [];
    const reply = await this.renderBatch({ rows: rows.map(articleRowValues) }, ctx);
    if (!('json' in reply)) throw new Error('article render worker answered without the records');
    return reply.json;
  }

  /** Ascending orders: a run of the list is one range of the order index (row values). */
  override readsKeyedRuns(sorts: ArticleSort[], language: string): boolean {
    return rangeable(sorts, language);
  }

  /**
   * A run of the list read by a thread as one range of the order index (the event loop only
   * reads the keys and writes); articles whose keys changed since are read by number. The thread
   * joins and encodes the records and hands the bytes over without a copy.
   */
  override async renderKeyed(
    run: ArticleKey[],
    filter: ArticleFilter,
    sorts: ArticleSort[],
    ctx: RenderContext,
    charset: ResponseCharset,
  ): Promise<EncodedRecords> {
    if (run.length === 0) return { count: 0, bytes: new Uint8Array(0) };
    const numbers = run.map((a) => a.artNr);
    const range = rowsInRangeSql(filter, sorts, run[0].keys, run[run.length - 1].keys, numbers);
    const reply = await this.renderBatch({ range, numbers, language: filter.language, charset }, ctx);
    if (!('bytes' in reply)) throw new Error('article render worker answered without the bytes');
    return reply;
  }

  private renderBatch(
    what: Pick<RenderJob, 'rows' | 'range' | 'numbers' | 'language' | 'charset'>,
    ctx: RenderContext,
  ): Promise<Rendered> {
    const job = { id: this.nextId++, ...what, record: ctx.record, lists: ctx.prices.lists };
    return this.leastBusy().run(job);
  }

  private leastBusy(): RenderThread {
    return this.threads.reduce((a, b) => (b.load < a.load ? b : a));
  }

  // After the HTTP server has closed (Nest: destroy hooks, close server, then shutdown hooks):
  // requests in flight at SIGTERM still render.
  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.stop()));
  }
}

/** How long an idle render worker stays. */
const RENDER_WORKER_IDLE_MS = 60_000;
/**
 * Page cache of a worker's connection. Its batches come in list order (by description), so their
 * price, attribute and stock lookups land all over those indexes (~20 MB on 100k articles); every
 * page not in the cache is a read from the OS (~190k of them per 100k export at 8 MiB, ~125k at
 * 12 MiB, ~60k at 16 MiB; ~61k at 12 MiB since the price index is led by the list). 12 MiB keeps
 * a fresh export's peak RSS where 8 MiB had it, the stream connection's smaller cache making up
 * for it (docs/articles.md).
 */
const RENDER_WORKER_CACHE_KIB = 12 * 1024;

/** The render workers for this configuration, or null when records are rendered on the event loop. */
export function sqliteRenderPoolSettings(config: AppConfig): SqliteRenderPoolSettings | null {
  if (config.dbType !== 'sqlite' || config.articleRenderThreads === 0) return null;
  // An in-memory database cannot be opened a second time.
  if (config.dbPath === '' || config.dbPath === ':memory:') return null;
  return {
    file: resolve(config.dbPath),
    threads: config.articleRenderThreads,
    idleMs: RENDER_WORKER_IDLE_MS,
    cacheKiB: RENDER_WORKER_CACHE_KIB,
  };
}
