import { Injectable } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { CompactRecords } from './compact-records';
import { ChangeStamp } from './ports/article-catalogue';

/** A change stamped a little before the newest one seen may still be committing (a long ERP transaction). */
export const LATE_COMMIT_MARGIN_MS = 60_000;

/** Bytes counted per entry besides its bytes in a slab (Map and key-list slots; its article number when no ordering holds it any more). */
const ENTRY_OVERHEAD = 80;

/** Record contexts kept apart at most (customers with own price lists each make one); beyond, start over. */
const MAX_CONTEXTS = 1000;

/**
 * A record in a slab: when it was stored (ms, a double), its length, the bytes it takes in the
 * slab (less when compressed), its context's number and whether it is compressed; then the
 * record's bytes. Its article number is kept beside the slab (`Slab.keys`).
 */
const STORED_AT = 0;
const LENGTH = 8;
const STORED = 12;
const CONTEXT = 16;
const FLAGS = 18;
const HEAD = 19;
const COMPRESSED = 1;

/** Slabs are 1/256 of the cache (a power of two from 1 KiB to 1 MiB), so compacting one is a short pause. */
const SLABS_PER_CACHE = 256;
const MIN_SLAB = 1024;
const MAX_SLAB = 1024 * 1024;

/** Memory that holds records one after the other, in the order they were stored. */
interface Slab {
  /** Its number: a record's place is `slot * slabSize + offset`. */
  slot: number;
  bytes: Buffer;
  used: number;
  /** Records stored as they are (not compressed) in it. */
  raw: number;
  /** The article number of each record, in the order of the records. */
  keys: string[];
}

/** One record context's entries: article number -> place of its record in the slabs. */
interface Context {
  number: number;
  entries: Map<string, number>;
}

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
 *
 * Memory is bounded by ARTICLE_CACHE_MB. The records lie in slabs of memory outside the
 * JavaScript heap, one after the other as they were stored; a context's Map says where. (Kept as
 * a string each, a million records were a million objects for the garbage collector to mark and
 * move, and the service's peak memory higher.) Records are kept as
 * they are while they fit (a cached page is then a copy of their bytes); when the cache is full,
 * the oldest slab that still holds records as they are is compacted: its records compressed (~110
 * bytes instead of ~750) and those no longer wanted left out, so the default holds a catalogue of
 * a million articles. Only when every slab is compacted does the oldest go, with its records. Once
 * it has compressed, records are stored compressed right away. A record stored again, dropped or
 * expired leaves its old bytes behind until their slab is compacted or dropped.
 *
 * Records read under an older stamp are not stored: a request that read its rows before a change
 * cannot put them back after that change was evicted.
 */
@Injectable()
export class ArticleRecordCache {
  /** Record-context key -> its entries: a lookup is one Map read per article, no key to build. */
  private readonly contexts = new Map<string, Context>();
  /** Contexts by number (a record's head names its context). */
  private byNumber: Context[] = [];
  private readonly packer = new CompactRecords();
  private readonly slabSize: number;
  /** Slabs by slot (undefined: free). */
  private slots: (Slab | undefined)[] = [];
  /** Slabs no longer written to, oldest first. */
  private closed: Slab[] = [];
  /** The slab records are added to. */
  private head: Slab | null = null;
  private slabBytes = 0;
  /** Entries of all contexts. */
  private count = 0;
  /** Whether a full cache has compressed records: from then on they are stored compressed. */
  private compressing = false;
  /** Where a slab's records are compressed while it is compacted. */
  private scratch = Buffer.allocUnsafe(16 * 1024);
  private stamp: ChangeStamp | null = null;
  private generation = 0;
  private syncing: Promise<void> | null = null;
  private readonly ttlMs: number;
  private readonly maxBytes: number;

  constructor(config: AppConfig) {
    this.ttlMs = config.articleCacheSeconds * 1000;
    this.maxBytes = config.articleCacheMb * 1024 * 1024;
    let slab = MIN_SLAB;
    while (slab < MAX_SLAB && slab * SLABS_PER_CACHE < this.maxBytes) slab *= 2;
    this.slabSize = slab;
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

  /**
   * The cached records of these articles in `contextKey`, as stored (undefined where absent or
   * expired); the records of one call are views of one buffer.
   */
  lookup(contextKey: string, artNrs: string[]): (Uint8Array | undefined)[] {
    const context = this.enabled ? this.contexts.get(contextKey) : undefined;
    if (context === undefined) return artNrs.map(() => undefined);
    const oldest = Date.now() - this.ttlMs;
    let bytes = 0;
    const found = artNrs.map((artNr) => {
      const place = context.entries.get(artNr);
      if (place === undefined) return undefined;
      const [slab, at] = this.slabAt(place);
      if (slab.bytes.readDoubleLE(at + STORED_AT) >= oldest) {
        bytes += slab.bytes.readUInt32LE(at + LENGTH);
        return place;
      }
      this.forget(context, artNr);
      return undefined;
    });
    const target = Buffer.allocUnsafe(bytes);
    let to = 0;
    return found.map((place) => {
      if (place === undefined) return undefined;
      const [slab, at] = this.slabAt(place);
      const record = target.subarray(to, (to += slab.bytes.readUInt32LE(at + LENGTH)));
      const from = at + HEAD;
      const stored = slab.bytes.subarray(from, from + slab.bytes.readUInt32LE(at + STORED));
      if (slab.bytes[at + FLAGS] & COMPRESSED) this.packer.decompress(stored, record);
      else record.set(stored);
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
    let context = this.contexts.get(contextKey);
    if (context === undefined) {
      if (this.contexts.size >= MAX_CONTEXTS) this.clear();
      context = { number: this.byNumber.length, entries: new Map() };
      this.contexts.set(contextKey, context);
      this.byNumber.push(context);
    }
    if (typical && !this.packer.hasDictionary) this.packer.prime(records.map((r) => r.bytes));
    const now = Date.now();
    for (const { artNr, bytes } of records) {
      const room = HEAD + (this.compressing ? this.packer.bound(bytes.length) : bytes.length);
      if (room + ENTRY_OVERHEAD > this.maxBytes) continue;
      const slab = this.room(room);
      const at = slab.used;
      // Compressed straight into the slab, unless that is no smaller.
      const packed = this.compressing
        ? this.packer.compress(bytes, slab.bytes.subarray(at + HEAD, at + room))
        : bytes.length;
      const compressed = packed < bytes.length;
      if (!compressed) slab.bytes.set(bytes, at + HEAD);
      const stored = compressed ? packed : bytes.length;
      slab.bytes.writeDoubleLE(now, at + STORED_AT);
      slab.bytes.writeUInt32LE(bytes.length, at + LENGTH);
      slab.bytes.writeUInt32LE(stored, at + STORED);
      slab.bytes.writeUInt16LE(context.number, at + CONTEXT);
      slab.bytes[at + FLAGS] = compressed ? COMPRESSED : 0;
      slab.used += HEAD + stored;
      slab.keys.push(artNr);
      if (!compressed) slab.raw++;
      // A slab of its own keeps only what the record took.
      if (slab !== this.head) this.shrink(slab);
      const entries = context.entries.size;
      context.entries.set(artNr, this.placeOf(slab, at));
      this.count += context.entries.size - entries;
      // Each new entry counts too.
      if (this.overBudget(0)) this.trim(0);
    }
  }

  /** Number of entries and the memory they take (slabs and entries), for tests and the benchmark. */
  stats(): { entries: number; bytes: number } {
    return { entries: this.count, bytes: this.slabBytes + this.count * ENTRY_OVERHEAD };
  }

  /** `bytes` compressed, in the scratch buffer. */
  private compressed(bytes: Uint8Array): Buffer {
    const bound = this.packer.bound(bytes.length);
    if (this.scratch.length < bound) this.scratch = Buffer.allocUnsafe(bound * 2);
    return this.scratch.subarray(0, this.packer.compress(bytes, this.scratch));
  }

  /**
   * A slab with `size` bytes free: the head, or a new one (a record larger than half a slab gets
   * one of its own) after making room for it.
   */
  private room(size: number): Slab {
    if (this.head !== null && this.head.used + size <= this.head.bytes.length) return this.head;
    if (this.head !== null) {
      // What the last record did not fit into is let go when it matters (small caches).
      if (this.head.bytes.length - this.head.used > this.head.bytes.length / 8) this.shrink(this.head);
      this.closed.push(this.head);
      this.head = null;
    }
    const length = size > this.slabSize / 2 ? size : this.slabSize;
    this.trim(length);
    let slot = this.slots.indexOf(undefined);
    if (slot < 0) slot = this.slots.length;
    const slab: Slab = { slot, bytes: Buffer.allocUnsafeSlow(length), used: 0, raw: 0, keys: [] };
    this.slots[slot] = slab;
    this.slabBytes += length;
    if (size > this.slabSize / 2) this.closed.push(slab);
    else this.head = slab;
    return slab;
  }

  /**
   * Makes room for a slab of `length` bytes within ARTICLE_CACHE_MB: compacts the oldest slab that
   * holds records as they are; when every slab is compacted, drops the oldest.
   */
  private trim(length: number): void {
    while (this.overBudget(length)) {
      const raw = this.closed.find((slab) => slab.raw > 0);
      if (raw !== undefined) {
        this.compact(raw);
        this.compressing = true;
        continue;
      }
      const oldest = this.closed.shift();
      if (oldest === undefined) return;
      this.drop(oldest);
    }
  }

  /**
   * Rewrites a slab with only the records still wanted (stored last for their article and not
   * expired), compressed, in memory of their size.
   */
  private compact(slab: Slab): void {
    const oldest = Date.now() - this.ttlMs;
    const bytes = slab.bytes;
    const keys: string[] = [];
    let to = 0;
    this.eachLive(slab, (context, artNr, at, size) => {
      if (bytes.readDoubleLE(at + STORED_AT) < oldest) {
        this.forget(context, artNr);
        return;
      }
      const from = at + HEAD;
      const stored = bytes.readUInt32LE(at + STORED);
      const packed =
        bytes[at + FLAGS] & COMPRESSED ? null : this.compressed(bytes.subarray(from, from + stored));
      // Moved towards the start (to <= at), ahead of what is still to be read.
      if (packed !== null && packed.length < stored) {
        bytes.copy(bytes, to, at, from);
        bytes.set(packed, to + HEAD);
        bytes.writeUInt32LE(packed.length, to + STORED);
        bytes[to + FLAGS] = COMPRESSED;
        size = HEAD + packed.length;
      } else bytes.copy(bytes, to, at, at + size);
      context.entries.set(artNr, this.placeOf(slab, to));
      keys.push(artNr);
      to += size;
    });
    slab.used = to;
    slab.keys = keys;
    slab.raw = 0;
    this.shrink(slab);
  }

  /** Lets a slab's memory go beyond what it holds. */
  private shrink(slab: Slab): void {
    if (slab.used === slab.bytes.length) return;
    this.slabBytes += slab.used - slab.bytes.length;
    slab.bytes = Buffer.copyBytesFrom(slab.bytes, 0, slab.used);
  }

  /** Drops a slab and the entries whose records it holds. */
  private drop(slab: Slab): void {
    this.eachLive(slab, (context, artNr) => this.forget(context, artNr));
    this.slots[slab.slot] = undefined;
    this.slabBytes -= slab.bytes.length;
  }

  /** Calls `visit` for each record of the slab that its entry still points to, in order. */
  private eachLive(
    slab: Slab,
    visit: (context: Context, artNr: string, at: number, size: number) => void,
  ): void {
    const bytes = slab.bytes;
    const end = slab.used;
    for (let at = 0, i = 0; at < end; i++) {
      const size = HEAD + bytes.readUInt32LE(at + STORED);
      const context = this.byNumber[bytes.readUInt16LE(at + CONTEXT)];
      const artNr = slab.keys[i];
      if (context.entries.get(artNr) === this.placeOf(slab, at)) visit(context, artNr, at, size);
      at += size;
    }
  }

  private placeOf(slab: Slab, at: number): number {
    return slab.slot * this.slabSize + at;
  }

  private slabAt(place: number): [Slab, number] {
    const slot = Math.floor(place / this.slabSize);
    return [this.slots[slot] as Slab, place - slot * this.slabSize];
  }

  /** Whether a slab of `length` bytes more would take the cache past ARTICLE_CACHE_MB. */
  private overBudget(length: number): boolean {
    return this.slabBytes + length + this.count * ENTRY_OVERHEAD > this.maxBytes;
  }

  /** Drops an entry, if there is one. */
  private forget(context: Context, artNr: string): void {
    if (context.entries.delete(artNr)) this.count--;
  }

  private evict(artNrs: string[]): void {
    for (const context of this.byNumber) for (const artNr of artNrs) this.forget(context, artNr);
  }

  private clear(): void {
    this.contexts.clear();
    this.byNumber = [];
    this.slots = [];
    this.closed = [];
    this.head = null;
    this.slabBytes = 0;
    this.count = 0;
    this.compressing = false;
  }
}
