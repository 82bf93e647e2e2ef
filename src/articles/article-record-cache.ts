import { Injectable } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { ChangeStamp } from './ports/article-catalogue';

interface Entry {
  artNr: string;
  json: string;
  storedAt: number;
}

/** A change stamped a little before the newest one seen may still be committing (a long ERP transaction). */
export const LATE_COMMIT_MARGIN_MS = 60_000;

/** Bytes counted per entry besides its JSON (key, map slots, entry object). */
const ENTRY_OVERHEAD = 128;

/** Record contexts kept apart at most (customers with own price lists each make one); beyond, start over. */
const MAX_CONTEXTS = 1000;

/**
 * Rendered article records (their JSON), per record context: the same article in the same
 * fields, language, currency, price lists and base URL renders the same way for every user, so
 * a syncing shop that walks the catalogue page by page reads each article from the database once.
 *
 * Freshness: every request brings the database's change stamp (the newest GeaendertAm of
 * articles, prices, stock, reservations and packaging). When it moves, the articles changed since
 * the previous stamp (less a margin for late commits) are dropped before anything is served, so a
 * change the ERP stamps is visible at once. What carries no stamp (attributes, translations, tax
 * codes, store release, deleted rows) is bounded by the age of an entry: ARTICLE_CACHE_SECONDS.
 * Memory is bounded by ARTICLE_CACHE_MB; the oldest entries go first.
 *
 * Records read under an older stamp are not stored: a request that read its rows before a change
 * cannot put them back after that change was evicted.
 */
@Injectable()
export class ArticleRecordCache {
  private readonly entries = new Map<string, Entry>();
  /** Article number -> keys of its entries (in every context), so a change evicts in O(entries). */
  private readonly byArticle = new Map<string, Set<string>>();
  /** Record-context key -> short id used in entry keys. */
  private readonly contexts = new Map<string, number>();
  private bytes = 0;
  private stamp: ChangeStamp | null = null;
  private generation = 0;
  private syncing: Promise<void> | null = null;
  private readonly ttlMs: number;
  private readonly maxBytes: number;

  constructor(config: AppConfig) {
    this.ttlMs = config.articleCacheSeconds * 1000;
    this.maxBytes = config.articleCacheMb * 1024 * 1024;
  }

  get enabled(): boolean {
    return this.ttlMs > 0 && this.maxBytes > 0;
  }

  /**
   * Brings the cache up to the database's change stamp; returns the generation under which the
   * caller may store what it reads from now on. `changedSince` lists the articles changed since a time.
   */
  async sync(stamp: ChangeStamp, changedSince: (since: Date) => Promise<string[]>): Promise<number> {
    if (!this.enabled) return -1;
    while (this.syncing) await this.syncing;
    const previous = this.stamp;
    if (previous !== null && previous.key === stamp.key) return this.generation;
    this.generation++;
    this.stamp = stamp;
    if (previous === null || previous.latest === null || this.entries.size === 0) {
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

  /** The cached JSON of these articles in `contextKey` (undefined where absent or expired). */
  /** Whether records of this context have been stored (and not dropped wholesale since). */
  holds(contextKey: string): boolean {
    return this.contexts.has(contextKey);
  }

  lookup(contextKey: string, artNrs: string[]): (string | undefined)[] {
    if (!this.enabled) return artNrs.map(() => undefined);
    const id = this.contexts.get(contextKey);
    if (id === undefined) return artNrs.map(() => undefined);
    const oldest = Date.now() - this.ttlMs;
    return artNrs.map((artNr) => {
      const key = `${id}\u0000${artNr}`;
      const entry = this.entries.get(key);
      if (entry === undefined) return undefined;
      if (entry.storedAt >= oldest) return entry.json;
      this.remove(key, entry);
      return undefined;
    });
  }

  /** Stores rendered records, unless the stamp moved on since `generation` was handed out. */
  store(generation: number, contextKey: string, records: { artNr: string; json: string }[]): void {
    if (!this.enabled || generation !== this.generation || records.length === 0) return;
    let id = this.contexts.get(contextKey);
    if (id === undefined) {
      if (this.contexts.size >= MAX_CONTEXTS) this.clear();
      this.contexts.set(contextKey, (id = this.contexts.size));
    }
    const now = Date.now();
    for (const { artNr, json } of records) {
      const key = `${id}\u0000${artNr}`;
      const old = this.entries.get(key);
      if (old) this.remove(key, old);
      this.entries.set(key, { artNr, json, storedAt: now });
      let keys = this.byArticle.get(artNr);
      if (!keys) this.byArticle.set(artNr, (keys = new Set()));
      keys.add(key);
      this.bytes += size(key, json);
    }
    // Map order is insertion order: the first entries are the oldest.
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(key, entry);
    }
  }

  /** Number of entries and their approximate size, for tests and the benchmark. */
  stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private evict(artNrs: string[]): void {
    for (const artNr of artNrs)
      for (const key of this.byArticle.get(artNr) ?? []) {
        const entry = this.entries.get(key);
        if (entry) this.remove(key, entry);
      }
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= size(key, entry.json);
    const keys = this.byArticle.get(entry.artNr);
    keys?.delete(key);
    if (keys?.size === 0) this.byArticle.delete(entry.artNr);
  }

  private clear(): void {
    this.entries.clear();
    this.byArticle.clear();
    this.contexts.clear();
    this.bytes = 0;
  }
}

/** JavaScript strings of Latin-1 text take one byte per character. */
function size(key: string, json: string): number {
  return key.length + json.length + ENTRY_OVERHEAD;
}
