import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AppConfig } from '../common/config/app-config';
import { ChangeStamp } from './ports/article-catalogue';

/** A change stamped a little before the newest one seen may still be committing (a long ERP transaction). */
export const LATE_COMMIT_MARGIN_MS = 60_000;

/**
 * Bytes counted per record besides its bytes: its key, its place and the map's slot (measured:
 * a million records of 850 bytes took 1,068 bytes of resident memory each).
 */
const RECORD_OVERHEAD = 224;

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
 *
 * The records rendered by one read are kept in one buffer (a block) and leave the cache together:
 * a buffer per record made a million of them, and every garbage collection slower.
 */
@Injectable()
export class ArticleRecordCache {
  /** The blocks of rendered records, by number. */
  private readonly blocks: LRUCache<number, Block> | null;
  /** Where each record is, keyed by the context's number and the article number. */
  private readonly places = new Map<string, Place>();
  private nextBlock = 0;
  /** Record-context key -> its number (a short prefix of the records' keys). */
  private readonly contexts = new Map<string, number>();
  private stamp: ChangeStamp | null = null;
  private generation = 0;
  private syncing: Promise<void> | null = null;

  constructor(config: AppConfig) {
    const maxSize = config.articleCacheMb * 1024 * 1024;
    this.blocks =
      config.articleCacheSeconds > 0 && maxSize > 0
        ? new LRUCache<number, Block>({
            maxSize,
            sizeCalculation: (block) => block.bytes.length + block.keys.length * RECORD_OVERHEAD,
            ttl: config.articleCacheSeconds * 1000,
            // A record stored again since lives in a newer block and stays.
            dispose: (block, number) => {
              for (const key of block.keys)
                if (this.places.get(key)?.block === number) this.places.delete(key);
            },
          })
        : null;
  }

  /**
   * Brings the cache up to the database's change stamp; returns the generation under which the
   * caller may store what it reads from now on. `changedSince` lists the articles changed since a time.
   */
  async sync(stamp: ChangeStamp, changedSince: (since: Date) => Promise<string[]>): Promise<number> {
    if (this.blocks === null) return -1;
    while (this.syncing) await this.syncing;
    const previous = this.stamp;
    if (previous !== null && previous.key === stamp.key) return this.generation;
    this.generation++;
    this.stamp = stamp;
    if (previous === null || previous.latest === null || this.places.size === 0) {
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
  lookup(contextKey: string, artNrs: string[]): (Uint8Array | undefined)[] {
    const context = this.contexts.get(contextKey);
    return artNrs.map((artNr) => {
      const place = context === undefined ? undefined : this.places.get(`${context} ${artNr}`);
      const block = place && this.blocks?.get(place.block);
      return block ? block.bytes.subarray(place.start, place.end) : undefined;
    });
  }

  /** Stores rendered records, unless the stamp moved on since `generation` was handed out. */
  store(generation: number, contextKey: string, records: { artNr: string; bytes: Uint8Array }[]): void {
    if (this.blocks === null || generation !== this.generation || records.length === 0) return;
    let context = this.contexts.get(contextKey);
    if (context === undefined) {
      if (this.contexts.size >= MAX_CONTEXTS) this.clear();
      this.contexts.set(contextKey, (context = this.contexts.size));
    }
    const bytes = Buffer.allocUnsafeSlow(records.reduce((size, r) => size + r.bytes.length, 0));
    const keys = records.map((r) => `${context} ${r.artNr}`);
    const number = this.nextBlock++;
    this.blocks.set(number, { bytes, keys });
    if (!this.blocks.has(number)) return; // larger than the whole cache
    let at = 0;
    records.forEach((r, i) => {
      bytes.set(r.bytes, at);
      this.places.set(keys[i], { block: number, start: at, end: (at += r.bytes.length) });
    });
  }

  private evict(artNrs: string[]): void {
    for (const context of this.contexts.values())
      for (const artNr of artNrs) this.places.delete(`${context} ${artNr}`);
  }

  private clear(): void {
    this.blocks?.clear();
    this.places.clear();
    this.contexts.clear();
  }
}

/** Records rendered together: their bytes one after the other, and their keys. */
interface Block {
  bytes: Buffer;
  keys: string[];
}

/** Where a record's bytes are. */
interface Place {
  block: number;
  start: number;
  end: number;
}
