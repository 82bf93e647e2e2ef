import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AppConfig } from '../common/config/app-config';
import { ChangeStamp } from './ports/article-catalogue';

/** A change stamped a little before the newest one seen may still be committing (a long ERP transaction). */
export const LATE_COMMIT_MARGIN_MS = 60_000;

/**
 * Bytes counted per entry besides its record and key: the buffer's own objects and allocation,
 * the map's and lists' slots (measured: 500,000 entries of 900-byte records took 1,477 bytes of
 * resident memory each).
 */
const ENTRY_OVERHEAD = 576;

/** Record contexts kept apart at most (customers with own price lists each make one); beyond, start over. */
const MAX_CONTEXTS = 1000;

/**
 * Rendered article records (their JSON in the response charset) per record context: the same
 * article in the same fields, language, currency, price lists and base URL renders the same way
 * for every user, so a shop walking the catalogue page by page reads each article once.
 *
 * Freshness: every request brings the database's change stamp. When it moves, the articles
 * changed since the previous stamp (less a margin for late commits) are dropped before anything is
 * served, so a change the ERP stamps shows at once. What carries no stamp (attributes,
 * translations, tax codes, store release, deleted rows) is bounded by ARTICLE_CACHE_SECONDS.
 * Records read under an older stamp are not stored, so a request that read its rows before a
 * change cannot put them back after that change was evicted. Memory is bounded by
 * ARTICLE_CACHE_MB, least recently used records going first.
 */
@Injectable()
export class ArticleRecordCache {
  /** Keyed by the context's number and the article number. */
  private readonly records: LRUCache<string, Buffer> | null;
  /** Record-context key -> its number (a short prefix of the entries' keys). */
  private readonly contexts = new Map<string, number>();
  private stamp: ChangeStamp | null = null;
  private generation = 0;
  private syncing: Promise<void> | null = null;

  constructor(config: AppConfig) {
    const maxSize = config.articleCacheMb * 1024 * 1024;
    this.records =
      config.articleCacheSeconds > 0 && maxSize > 0
        ? new LRUCache({
            maxSize,
            sizeCalculation: (bytes, key) => bytes.length + key.length + ENTRY_OVERHEAD,
            ttl: config.articleCacheSeconds * 1000,
          })
        : null;
  }

  /**
   * Brings the cache up to the database's change stamp; returns the generation under which the
   * caller may store what it reads from now on. `changedSince` lists the articles changed since a time.
   */
  async sync(stamp: ChangeStamp, changedSince: (since: Date) => Promise<string[]>): Promise<number> {
    if (this.records === null) return -1;
    while (this.syncing) await this.syncing;
    const previous = this.stamp;
    if (previous !== null && previous.key === stamp.key) return this.generation;
    this.generation++;
    this.stamp = stamp;
    if (previous === null || previous.latest === null || this.records.size === 0) {
      this.clear();
      return this.generation;
    }
    const since = new Date(previous.latest.getTime() - LATE_COMMIT_MARGIN_MS);
    const evicting = changedSince(since).then(
      (artNrs) => this.evict(artNrs),
      () => this.clear(),
    );
    this.syncing = evicting.finally(() => (this.syncing = null));
    await this.syncing;
    return this.generation;
  }

  /** The cached records of these articles in `contextKey` (undefined where absent or expired). */
  lookup(contextKey: string, artNrs: string[]): (Buffer | undefined)[] {
    const context = this.contexts.get(contextKey);
    return artNrs.map((artNr) =>
      context === undefined ? undefined : this.records?.get(`${context} ${artNr}`),
    );
  }

  /** Stores rendered records, unless the stamp moved on since `generation` was handed out. */
  store(generation: number, contextKey: string, records: { artNr: string; bytes: Buffer }[]): void {
    if (this.records === null || generation !== this.generation) return;
    let context = this.contexts.get(contextKey);
    if (context === undefined) {
      if (this.contexts.size >= MAX_CONTEXTS) this.clear();
      this.contexts.set(contextKey, (context = this.contexts.size));
    }
    // A copy of its own: a small buffer is a view of a shared pool, which it would keep alive.
    for (const { artNr, bytes } of records) {
      const own = Buffer.allocUnsafeSlow(bytes.length);
      own.set(bytes);
      this.records.set(`${context} ${artNr}`, own);
    }
  }

  private evict(artNrs: string[]): void {
    for (const context of this.contexts.values())
      for (const artNr of artNrs) this.records?.delete(`${context} ${artNr}`);
  }

  private clear(): void {
    this.records?.clear();
    this.contexts.clear();
  }
}
