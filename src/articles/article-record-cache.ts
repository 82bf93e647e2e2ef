import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import { AppConfig } from '../common/config/app-config';
import { ChangeStamp } from './ports/article-catalogue';

/** A change stamped a little before the newest one seen may still be committing (a long ERP transaction). */
export const LATE_COMMIT_MARGIN_MS = 60_000;

/**
 * Bytes counted per record besides its bytes: its entry in its context's map, its key and its end
 * in the block (measured with --expose-gc: a million records stored took this much heap each).
 */
const RECORD_OVERHEAD = 72;

/** Records in one block at most; a record's place is `slot * BLOCK_RECORDS + index`. */
const BLOCK_RECORDS = 1024;

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
 * change cannot put them back after that change was evicted.
 *
 * Memory is bounded by ARTICLE_CACHE_MB. The records rendered by one read are kept in one buffer
 * (a block) and leave the cache together: a buffer per record made a million of them, and every
 * garbage collection slower. A block is kept as it is while the budget has room for it; once the
 * budget is full, the new block and, oldest first, the blocks kept as they are are compressed
 * (deflate, a fifth of the bytes or less) before any block is evicted: a catalogue that does not
 * fit as it is is then held compressed instead of being cycled through (a shop walking its pages
 * in order would otherwise never find one). A compressed block is inflated for each request that
 * reads from it.
 */
@Injectable()
export class ArticleRecordCache {
  /** The blocks of rendered records, by slot. */
  private readonly blocks: LRUCache<number, Block> | null;
  /** Slots of blocks that left the cache, to be used again (places stay small integers). */
  private readonly freeSlots: number[] = [];
  /** The blocks stored as they are, oldest first (some may have left the cache since). */
  private uncompressed: { slot: number; block: Block }[] = [];
  private nextSlot = 0;
  /** Record-context key -> where each article's record is (`slot * BLOCK_RECORDS + index`). */
  private readonly contexts = new Map<string, Map<string, number>>();
  private stamp: ChangeStamp | null = null;
  private generation = 0;
  private syncing: Promise<void> | null = null;

  constructor(config: AppConfig) {
    const maxSize = config.articleCacheMb * 1024 * 1024;
    this.blocks =
      config.articleCacheSeconds > 0 && maxSize > 0
        ? new LRUCache<number, Block>({
            maxSize,
            sizeCalculation: blockSize,
            ttl: config.articleCacheSeconds * 1000,
            // A record stored again since lives in a newer block and stays. A block replaced by
            // its compressed form ('set') keeps its slot and places.
            dispose: (block, slot, reason) => {
              if (reason === 'set') return;
              block.keys.forEach((key, index) => {
                if (block.places.get(key) === slot * BLOCK_RECORDS + index) block.places.delete(key);
              });
              this.freeSlots.push(slot);
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
    if (previous === null || previous.latest === null || this.blocks.size === 0) {
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
    const places = this.contexts.get(contextKey);
    const blocks = this.blocks;
    if (places === undefined || blocks === null) return artNrs.map(() => undefined);
    // Each block read once, a compressed one inflated once per lookup.
    const opened = new Map<number, { ends: Uint32Array; bytes: Buffer } | null>();
    return artNrs.map((artNr) => {
      const place = places.get(artNr);
      if (place === undefined) return undefined;
      const slot = Math.floor(place / BLOCK_RECORDS);
      let block = opened.get(slot);
      if (block === undefined) {
        const stored = blocks.get(slot);
        block = stored
          ? { ends: stored.ends, bytes: stored.compressed ? inflateRawSync(stored.bytes) : stored.bytes }
          : null;
        opened.set(slot, block);
      }
      if (block === null) return undefined;
      const index = place % BLOCK_RECORDS;
      return block.bytes.subarray(index === 0 ? 0 : block.ends[index - 1], block.ends[index]);
    });
  }

  /** Stores rendered records, unless the stamp moved on since `generation` was handed out. */
  store(generation: number, contextKey: string, records: { artNr: string; bytes: Uint8Array }[]): void {
    if (this.blocks === null || generation !== this.generation) return;
    let places = this.contexts.get(contextKey);
    if (places === undefined) {
      if (this.contexts.size >= MAX_CONTEXTS) this.clear();
      this.contexts.set(contextKey, (places = new Map()));
    }
    for (let from = 0; from < records.length; from += BLOCK_RECORDS)
      this.storeBlock(places, records.slice(from, from + BLOCK_RECORDS));
  }

  private storeBlock(places: Map<string, number>, records: { artNr: string; bytes: Uint8Array }[]): void {
    const blocks = this.blocks as LRUCache<number, Block>;
    const ends = new Uint32Array(records.length);
    let length = 0;
    records.forEach((r, i) => (ends[i] = length += r.bytes.length));
    const bytes = Buffer.allocUnsafeSlow(length);
    records.forEach((r, i) => bytes.set(r.bytes, i === 0 ? 0 : ends[i - 1]));
    const keys = records.map((r) => r.artNr);
    let block: Block = { bytes, compressed: false, ends, keys, places };
    if (blocks.calculatedSize + blockSize(block) > blocks.maxSize) {
      block = compressed(block);
      this.compressOldest(blockSize(block));
    }
    const slot = this.freeSlots.pop() ?? this.nextSlot++;
    blocks.set(slot, block);
    if (!blocks.has(slot)) {
      this.freeSlots.push(slot); // larger than the whole cache: not stored
      return;
    }
    if (!block.compressed) {
      this.uncompressed.push({ slot, block });
      // Blocks that expired or were evicted before the budget filled would otherwise stay listed
      // (and their bytes alive) for as long as it never fills.
      if (this.uncompressed.length > 2 * blocks.size + 64)
        this.uncompressed = this.uncompressed.filter((e) => blocks.peek(e.slot) === e.block);
    }
    keys.forEach((key, index) => places.set(key, slot * BLOCK_RECORDS + index));
  }

  /** Compresses the oldest blocks still kept as they are until `room` bytes fit in the budget. */
  private compressOldest(room: number): void {
    const blocks = this.blocks as LRUCache<number, Block>;
    while (blocks.calculatedSize + room > blocks.maxSize) {
      const oldest = this.uncompressed.shift();
      if (oldest === undefined) return;
      if (blocks.peek(oldest.slot) !== oldest.block) continue; // gone since
      // A new value, so that the cache counts its new size.
      blocks.set(oldest.slot, compressed(oldest.block), { noUpdateTTL: true });
    }
  }

  private evict(artNrs: string[]): void {
    for (const places of this.contexts.values()) for (const artNr of artNrs) places.delete(artNr);
  }

  private clear(): void {
    this.blocks?.clear();
    this.contexts.clear();
    this.freeSlots.length = 0;
    this.uncompressed.length = 0;
    this.nextSlot = 0;
  }
}

/** The bytes a block is counted with: its bytes and its records' overhead. */
function blockSize(block: Block): number {
  return block.bytes.length + block.keys.length * RECORD_OVERHEAD;
}

/** The block with its bytes deflated (fastest level: a page's records shrink to a fifth or less). */
function compressed(block: Block): Block {
  return {
    ...block,
    bytes: deflateRawSync(block.bytes, { level: constants.Z_BEST_SPEED }),
    compressed: true,
  };
}

/** Records rendered together: their bytes one after the other (deflated when `compressed`). */
interface Block {
  bytes: Buffer;
  compressed: boolean;
  /** Where each record ends in the bytes as they are. */
  ends: Uint32Array;
  /** The article number of each record, in order. */
  keys: string[];
  /** The places of the block's context. */
  places: Map<string, number>;
}
