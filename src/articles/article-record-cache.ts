import { Injectable } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { CompactRecords } from './compact-records';
import { ChangeStamp } from './ports/article-catalogue';

/**
 * One record context's entries by article number, oldest first (Map order is insertion order);
 * each value is a record packed by `CompactRecords` (its JSON compressed, with the time stored).
 */
type ContextEntries = Map<string, string>;

/** A change stamped a little before the newest one seen may still be committing (a long ERP transaction). */
export const LATE_COMMIT_MARGIN_MS = 60_000;

/** Bytes counted per entry besides its packed record (key string, map slots, string header). */
const ENTRY_OVERHEAD = 80;

/** A full cache is trimmed to this share of ARTICLE_CACHE_MB, so that it is not trimmed on every store. */
const TRIM_TO = 0.95;

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
 * Memory is bounded by ARTICLE_CACHE_MB; the oldest entries go first. Records are kept compressed
 * (~100 bytes instead of ~750 of JSON), so the default holds a catalogue of a million articles.
 *
 * Records read under an older stamp are not stored: a request that read its rows before a change
 * cannot put them back after that change was evicted.
 */
@Injectable()
export class ArticleRecordCache {
  /** Record-context key -> its entries: a lookup is one Map read per article, no key to build. */
  private readonly contexts = new Map<string, ContextEntries>();
  private readonly packer = new CompactRecords();
  private bytes = 0;
  private count = 0;
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
    if (previous === null || previous.latest === null || this.count === 0) {
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

  /** Whether records of this context have been stored (and not dropped wholesale since). */
  holds(contextKey: string): boolean {
    return this.contexts.has(contextKey);
  }

  /**
   * The cached records of these articles in `contextKey`, as stored (undefined where absent or
   * expired); the records of one call are views of one buffer.
   */
  lookup(contextKey: string, artNrs: string[]): (Uint8Array | undefined)[] {
    const entries = this.enabled ? this.contexts.get(contextKey) : undefined;
    if (entries === undefined) return artNrs.map(() => undefined);
    const oldest = Date.now() - this.ttlMs;
    let bytes = 0;
    const found = artNrs.map((artNr) => {
      const entry = entries.get(artNr);
      if (entry === undefined) return undefined;
      if (this.packer.storedAt(entry) >= oldest) {
        bytes += this.packer.length(entry);
        return entry;
      }
      this.remove(entries, artNr, entry);
      return undefined;
    });
    const target = Buffer.allocUnsafe(bytes);
    let at = 0;
    return found.map((entry) => {
      if (entry === undefined) return undefined;
      const record = target.subarray(at, (at += this.packer.length(entry)));
      this.packer.unpack(entry, record);
      return record;
    });
  }

  /**
   * Stores rendered records (their JSON in the response charset), unless the stamp moved on
   * since `generation` was handed out. `typical`: records with every field, the first of which
   * become the compression dictionary.
   */
  store(
    generation: number,
    contextKey: string,
    records: { artNr: string; bytes: Uint8Array }[],
    typical = false,
  ): void {
    if (!this.enabled || generation !== this.generation || records.length === 0) return;
    let entries = this.contexts.get(contextKey);
    if (entries === undefined) {
      if (this.contexts.size >= MAX_CONTEXTS) this.clear();
      this.contexts.set(contextKey, (entries = new Map()));
    }
    if (typical && !this.packer.hasDictionary) this.packer.prime(records.map((r) => r.bytes));
    const now = Date.now();
    for (const { artNr, bytes } of records) {
      const old = entries.get(artNr);
      if (old !== undefined) this.remove(entries, artNr, old);
      const packed = this.packer.pack(bytes, now);
      entries.set(artNr, packed);
      this.bytes += size(artNr, packed);
      this.count++;
    }
    this.trim();
  }

  /** Number of entries and their approximate size, for tests and the benchmark. */
  stats(): { entries: number; bytes: number } {
    return { entries: this.count, bytes: this.bytes };
  }

  /**
   * When the cache outgrows ARTICLE_CACHE_MB, drops the oldest entries (of all contexts) until it
   * is 5 % below. Each context is walked by one iterator per call, oldest first: a fresh iterator
   * per dropped entry would step over every entry deleted before it (V8 keeps their slots until
   * the Map is rebuilt), which made a full cache cost 1.8 ms per stored page at a million articles.
   */
  private trim(): void {
    if (this.bytes <= this.maxBytes) return;
    const target = this.maxBytes * TRIM_TO;
    const heads = [...this.contexts.values()].map((entries) => {
      const iterator = entries.entries();
      return { entries, iterator, next: iterator.next() };
    });
    while (this.bytes > target) {
      // Each context's next entry is its oldest left; the oldest of those goes.
      let victim: (typeof heads)[number] | null = null;
      let oldest = Infinity;
      for (const head of heads) {
        if (head.next.done) continue;
        const storedAt = this.packer.storedAt(head.next.value[1]);
        if (storedAt < oldest) [victim, oldest] = [head, storedAt];
      }
      if (victim === null || victim.next.done) return;
      const [artNr, entry] = victim.next.value;
      victim.next = victim.iterator.next();
      this.remove(victim.entries, artNr, entry);
    }
  }

  private evict(artNrs: string[]): void {
    for (const entries of this.contexts.values())
      for (const artNr of artNrs) {
        const entry = entries.get(artNr);
        if (entry !== undefined) this.remove(entries, artNr, entry);
      }
  }

  private remove(entries: ContextEntries, artNr: string, entry: string): void {
    entries.delete(artNr);
    this.bytes -= size(artNr, entry);
    this.count--;
  }

  private clear(): void {
    this.contexts.clear();
    this.bytes = 0;
    this.count = 0;
  }
}

/** Packed records and article numbers are one-byte strings: one byte per character. */
function size(artNr: string, packed: string): number {
  return artNr.length + packed.length + ENTRY_OVERHEAD;
}
