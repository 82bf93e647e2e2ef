import { Injectable } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { CompactRecords } from './compact-records';
import { ChangeStamp } from './ports/article-catalogue';

/** Entries by article number, oldest first (Map order is insertion order), as `CompactRecords` holds them. */
type Entries = Map<string, string>;

/**
 * One record context's entries: records as they were stored, and (older) records compressed
 * when the cache was full. An article is in one of the two at most.
 */
interface ContextEntries {
  kept: Entries;
  compressed: Entries;
}

/** A change stamped a little before the newest one seen may still be committing (a long ERP transaction). */
export const LATE_COMMIT_MARGIN_MS = 60_000;

/** Bytes counted per entry besides its record (key string, map slots, string header). */
const ENTRY_OVERHEAD = 80;

/**
 * A full cache compresses records until it is down to this share of ARTICLE_CACHE_MB (small
 * steps: a step of 5 % of 256 MB would be 15,000 records, 45 ms of the event loop at once) ...
 */
const COMPRESS_TO = 0.99;
/** ... and drops records down to this one, so that it is not trimmed on every store. */
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
 * Memory is bounded by ARTICLE_CACHE_MB. Records are kept as they are while they fit (a cached
 * page is then a copy of its bytes); when the cache is full, the oldest are compressed (~110
 * bytes instead of ~750), so the default holds a catalogue of a million articles, and only when
 * every record is compressed do the oldest go.
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
      const kept = entries.kept.get(artNr);
      const map = kept === undefined ? entries.compressed : entries.kept;
      const entry = kept ?? map.get(artNr);
      if (entry === undefined) return undefined;
      if (this.packer.storedAt(entry) >= oldest) {
        bytes += this.packer.length(entry);
        return entry;
      }
      this.remove(map, artNr, entry);
      return undefined;
    });
    const target = Buffer.allocUnsafe(bytes);
    let at = 0;
    return found.map((entry) => {
      if (entry === undefined) return undefined;
      this.packer.unpack(entry, target, at);
      return target.subarray(at, (at += this.packer.length(entry)));
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
      this.contexts.set(contextKey, (entries = { kept: new Map(), compressed: new Map() }));
    }
    if (typical && !this.packer.hasDictionary) this.packer.prime(records.map((r) => r.bytes));
    const now = Date.now();
    for (const { artNr, bytes } of records) {
      this.forget(entries, artNr);
      const entry = this.packer.keep(bytes, now);
      entries.kept.set(artNr, entry);
      this.bytes += size(artNr, entry);
      this.count++;
    }
    this.trim();
  }

  /** Number of entries and their approximate size, for tests and the benchmark. */
  stats(): { entries: number; bytes: number } {
    return { entries: this.count, bytes: this.bytes };
  }

  /**
   * When the cache outgrows ARTICLE_CACHE_MB, compresses the oldest records as they were kept
   * until it is 1 % below; when that is not enough (all compressed), drops the oldest, of all
   * contexts, until it is 5 % below.
   */
  private trim(): void {
    if (this.bytes <= this.maxBytes) return;
    this.oldestFirst(
      (c) => c.kept,
      () => this.bytes > this.maxBytes * COMPRESS_TO,
      (c, artNr, entry) => {
        const compressed = this.packer.compress(entry);
        c.kept.delete(artNr);
        c.compressed.set(artNr, compressed);
        this.bytes += compressed.length - entry.length;
      },
    );
    if (this.bytes <= this.maxBytes * COMPRESS_TO) return;
    this.oldestFirst(
      (c) => c.compressed,
      () => this.bytes > this.maxBytes * TRIM_TO,
      (c, artNr, entry) => this.remove(c.compressed, artNr, entry),
    );
  }

  /**
   * Hands the entries of one map of every context to `take`, the oldest of all first, while
   * `more()`. Each map is walked by one iterator per call: a fresh iterator per entry taken would
   * step over every entry deleted before it (V8 keeps their slots until the Map is rebuilt), which
   * made a full cache cost 1.8 ms per stored page at a million articles.
   */
  private oldestFirst(
    map: (c: ContextEntries) => Entries,
    more: () => boolean,
    take: (c: ContextEntries, artNr: string, entry: string) => void,
  ): void {
    const heads = [...this.contexts.values()].map((context) => {
      const iterator = map(context).entries();
      return { context, iterator, next: iterator.next() };
    });
    while (more()) {
      let first: (typeof heads)[number] | null = null;
      let oldest = Infinity;
      for (const head of heads) {
        if (head.next.done) continue;
        const storedAt = this.packer.storedAt(head.next.value[1]);
        if (storedAt < oldest) [first, oldest] = [head, storedAt];
      }
      if (first === null || first.next.done) return;
      const [artNr, entry] = first.next.value;
      first.next = first.iterator.next();
      take(first.context, artNr, entry);
    }
  }

  private evict(artNrs: string[]): void {
    for (const entries of this.contexts.values()) for (const artNr of artNrs) this.forget(entries, artNr);
  }

  /** Drops an article from a context, wherever it is. */
  private forget(entries: ContextEntries, artNr: string): void {
    const kept = entries.kept.get(artNr);
    if (kept !== undefined) this.remove(entries.kept, artNr, kept);
    const compressed = entries.compressed.get(artNr);
    if (compressed !== undefined) this.remove(entries.compressed, artNr, compressed);
  }

  private remove(entries: Entries, artNr: string, entry: string): void {
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

/** Records and article numbers are one-byte strings: one byte per character. */
function size(artNr: string, entry: string): number {
  return artNr.length + entry.length + ENTRY_OVERHEAD;
}
