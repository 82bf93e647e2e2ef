import { CCtx, CParameter, compressBound, DCtx } from 'zstd-napi/binding';

/** Records of the sample batch that become the dictionary (one alone already gives ~7x). */
const DICTIONARY_RECORDS = 8;

/**
 * Compresses rendered records (~750 bytes of JSON) with Zstandard to ~110 bytes, so that a
 * million articles fit in the default record cache. Short JSON texts compress well only against a
 * dictionary: the first full records offered as samples become it (their field names, base URL,
 * dates and words are what later records repeat). It never changes afterwards, so every compressed
 * record stays readable; records compressed before it existed were compressed without one, which
 * the dictionary's decompressor reads the same. Compressing and unpacking cost microseconds per
 * record.
 */
export class CompactRecords {
  private compressor = compressorWith(null);
  private readonly decompressor = new DCtx();
  private dictionary = false;

  /** Whether records are compressed against a dictionary yet. */
  get hasDictionary(): boolean {
    return this.dictionary;
  }

  /**
   * Offers typical records (every field) as the dictionary of every record to come; only the
   * first offer counts.
   */
  prime(samples: readonly Uint8Array[]): void {
    if (this.dictionary || samples.length === 0) return;
    const dictionary = Buffer.concat(samples.slice(0, DICTIONARY_RECORDS));
    this.compressor = compressorWith(dictionary);
    this.decompressor.loadDictionary(dictionary);
    this.dictionary = true;
  }

  /** The most bytes `compress` may write for a record of `length` bytes. */
  bound(length: number): number {
    return compressBound(length);
  }

  /** Compresses `text` into `target` (at least `bound(text.length)` bytes); the bytes written. */
  compress(text: Uint8Array, target: Uint8Array): number {
    return this.compressor.compress2(target, text);
  }

  /** Unpacks a compressed record into `target`, which is exactly the record's length. */
  decompress(packed: Uint8Array, target: Uint8Array): void {
    const written = this.decompressor.decompress(target, packed);
    if (written !== target.length) throw new Error(`unpacked ${written} of ${target.length} bytes`);
  }
}

function compressorWith(dictionary: Buffer | null): CCtx {
  const compressor = new CCtx();
  compressor.setParameter(CParameter.compressionLevel, 1);
  // The frame keeps the content size (decompress checks it); no checksum and no dictionary id,
  // which would repeat in every record what this process knows anyway.
  compressor.setParameter(CParameter.checksumFlag, 0);
  compressor.setParameter(CParameter.dictIDFlag, 0);
  if (dictionary !== null) compressor.loadDictionary(dictionary);
  return compressor;
}
