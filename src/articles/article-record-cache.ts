import { Injectable } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { CompactRecords } from './compact-records';
import { ChangeStamp } from './ports/article-catalogue';

/**
 * A walk through one context's entries in the order they were stored, going on from where it
 * stopped: a Map iterator goes on over entries added later and skips deleted ones, so each entry
 * is passed once however many are taken. (A fresh iterator per step would step over every entry
 * deleted before it, as V8 keeps their slots until the Map is rebuilt: that made a full cache cost
 * 1.8 ms per stored page at a million articles.) The iterator is made when first needed and let go
 * when nothing can lie ahead: an idle one keeps every table the Map outgrew since (~80 MB at a
 * million entries).
 */
class Cursor {
  private iterator: MapIterator<[string, string]> | undefined;
  /** The entry the cursor stands on: pulled from the iterator, not yet taken. */
  private current: [string, string] | undefined;

  constructor(private readonly entries: Map<string, string>) {}

  /**
   * The next entry that `wanted` accepts, as the Map holds it now, or undefined. `ahead`: whether
   * one can be found beyond the current entry.
   */
  peek(wanted: (entry: string) => boolean, ahead: boolean): [string, string] | undefined {
    const current = this.current;
    // Stored again or dropped since it was pulled: a stored-again entry comes up again further on.
    if (current !== undefined && this.entries.get(current[0]) === current[1] && wanted(current[1]))
      return current;
    this.current = undefined;
    if (!ahead) {
      this.iterator = undefined;
      return undefined;
    }
    this.iterator ??= this.entries.entries();
    for (let next = this.iterator.next(); !next.done; next = this.iterator.next())
      if (wanted(next.value[1])) return (this.current = next.value);
    // An iterator that ran out sees no later entries.
    this.iterator = undefined;
    return undefined;
  }

  /** Moves past the entry `peek` gave. */
  take(): void {
    this.current = undefined;
  }
}

/**
 * One record context's entries by article number in the order they were stored (Map order is
 * insertion order; storing an article again moves it to the end), as `CompactRecords` holds them:
 * as they are or compressed.
 */
interface ContextEntries {
  entries: Map<string, string>;
  /** Entries kept as they are. */
  raw: number;
  /** Where compressing the oldest entries kept as they are goes on. */
  compressing: Cursor;
  /** Where dropping the oldest entries goes on. */
  dropping: Cursor;
}

function contextEntries(): ContextEntries {
  const entries = new Map<string, string>();
  return { entries, raw: 0, compressing: new Cursor(entries), dropping: new Cursor(entries) };
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
 * every record is compressed do the oldest go. Once it has compressed, records are stored
 * compressed right away: compressing the rendered bytes costs less than keeping a copy of them
 * and compressing that later.
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
  /** Entries held compressed, in all contexts. */
  private compressed = 0;
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
      const entry = entries.entries.get(artNr);
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
      this.contexts.set(contextKey, (entries = contextEntries()));
    }
    if (typical && !this.packer.hasDictionary) this.packer.prime(records.map((r) => r.bytes));
    const now = Date.now();
    const compress = this.compressed > 0;
    for (const { artNr, bytes } of records) {
      this.forget(entries, artNr);
      const entry = compress ? this.packer.pack(bytes, now) : this.packer.keep(bytes, now);
      entries.entries.set(artNr, entry);
      if (compress) this.compressed++;
      else entries.raw++;
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
   * When the cache outgrows ARTICLE_CACHE_MB, compresses the oldest records kept as they are
   * until it is 1 % below; when that is not enough (all compressed), drops the oldest, of all
   * contexts, until it is 5 % below.
   */
  private trim(): void {
    if (this.bytes <= this.maxBytes) return;
    const raw = (entry: string) => !this.packer.isCompressed(entry);
    this.oldestFirst(
      (c) => c.compressing,
      (c) => c.raw > 0,
      raw,
      () => this.bytes > this.maxBytes * COMPRESS_TO,
      (c, artNr, entry) => {
        const compressed = this.packer.compress(entry);
        c.entries.set(artNr, compressed);
        c.raw--;
        this.compressed++;
        this.bytes += compressed.length - entry.length;
      },
    );
    if (this.bytes <= this.maxBytes * COMPRESS_TO) return;
    this.oldestFirst(
      (c) => c.dropping,
      (c) => c.entries.size > 0,
      () => true,
      () => this.bytes > this.maxBytes * TRIM_TO,
      (c, artNr, entry) => this.remove(c, artNr, entry),
    );
  }

  /**
   * Hands the oldest entry that `wanted` accepts, of all contexts, to `take` while `more()`; each
   * context's `cursor` goes on from where it stopped, `ahead` says whether it can find one.
   */
  private oldestFirst(
    cursor: (c: ContextEntries) => Cursor,
    ahead: (c: ContextEntries) => boolean,
    wanted: (entry: string) => boolean,
    more: () => boolean,
    take: (c: ContextEntries, artNr: string, entry: string) => void,
  ): void {
    const contexts = [...this.contexts.values()];
    while (more()) {
      let first: ContextEntries | null = null;
      let head: [string, string] | undefined;
      let oldest = Infinity;
      for (const context of contexts) {
        const next = cursor(context).peek(wanted, ahead(context));
        if (next === undefined) continue;
        const storedAt = this.packer.storedAt(next[1]);
        if (storedAt < oldest) [first, head, oldest] = [context, next, storedAt];
      }
      if (first === null || head === undefined) return;
      cursor(first).take();
      take(first, head[0], head[1]);
    }
  }

  private evict(artNrs: string[]): void {
    for (const entries of this.contexts.values()) for (const artNr of artNrs) this.forget(entries, artNr);
  }

  /** Drops an article from a context, if it is there. */
  private forget(context: ContextEntries, artNr: string): void {
    const entry = context.entries.get(artNr);
    if (entry !== undefined) this.remove(context, artNr, entry);
  }

  private remove(context: ContextEntries, artNr: string, entry: string): void {
    context.entries.delete(artNr);
    if (this.packer.isCompressed(entry)) this.compressed--;
    else context.raw--;
    this.bytes -= size(artNr, entry);
    this.count--;
  }

  private clear(): void {
    this.contexts.clear();
    this.bytes = 0;
    this.count = 0;
    this.compressed = 0;
  }
}

/** Records and article numbers are one-byte strings: one byte per character. */
function size(artNr: string, entry: string): number {
  return artNr.length + entry.length + ENTRY_OVERHEAD;
}
