import { CCtx, CParameter, compressBound, DCtx } from 'zstd-napi/binding';

/**
 * Bytes before a record: the time it was stored (ms, 48 bits) and its length (31 bits), whose top
 * bit says whether what follows is compressed.
 */
const TIME_BYTES = 6;
const HEAD_BYTES = TIME_BYTES + 4;
const COMPRESSED = 0x80;

/** Records of the sample batch that become the dictionary (one alone already gives ~7x). */
const DICTIONARY_RECORDS = 8;

/**
 * Rendered records of the record cache, each a one-byte string (Latin-1 characters for bytes, so
 * no Buffer object per record) with the time it was stored in front: as they are (~750 bytes of
 * JSON), or compressed with Zstandard to ~110, so that a million articles fit in the default
 * cache. Short JSON texts compress well only against a dictionary: the first full records offered
 * as samples become it (their field names, base URL, dates and words are what later records
 * repeat). It never changes afterwards, so every compressed record stays readable; records
 * compressed before it existed were compressed without one, which the dictionary's decompressor
 * reads the same. Compressing a record costs 3 to 6 µs, unpacking it 1 to 2.
 */
export class CompactRecords {
  private compressor = compressorWith(null);
  private readonly decompressor = new DCtx();
  private dictionary = false;
  private packed = Buffer.allocUnsafe(16 * 1024);
  private input = Buffer.allocUnsafe(16 * 1024);

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

  /** The record's bytes as they are, with the time they were stored (`Date.now()` when they were). */
  keep(text: Uint8Array, storedAt: number): string {
    const size = HEAD_BYTES + text.length;
    if (this.packed.length < size) this.packed = Buffer.allocUnsafe(size);
    this.head(storedAt, text.length, false);
    this.packed.set(text, HEAD_BYTES);
    return this.packed.toString('latin1', 0, size);
  }

  /** The record's bytes compressed, with the time they were stored. */
  pack(text: Uint8Array, storedAt: number): string {
    const size = HEAD_BYTES + compressBound(text.length);
    if (this.packed.length < size) this.packed = Buffer.allocUnsafe(size);
    this.head(storedAt, text.length, true);
    const written = this.compressor.compress2(this.packed.subarray(HEAD_BYTES), text);
    return this.packed.toString('latin1', 0, HEAD_BYTES + written);
  }

  /** A kept record compressed, with the same time. */
  compress(entry: string): string {
    if (this.isCompressed(entry)) return entry;
    if (this.input.length < entry.length) this.input = Buffer.allocUnsafe(entry.length * 2);
    const length = this.input.write(entry, 0, 'latin1') - HEAD_BYTES;
    return this.pack(this.input.subarray(HEAD_BYTES, HEAD_BYTES + length), this.storedAt(entry));
  }

  isCompressed(entry: string): boolean {
    return (entry.charCodeAt(HEAD_BYTES - 1) & COMPRESSED) !== 0;
  }

  /** When the record was stored (ms since 1970). */
  storedAt(entry: string): number {
    let ms = 0;
    for (let i = TIME_BYTES - 1; i >= 0; i--) ms = ms * 256 + entry.charCodeAt(i);
    return ms;
  }

  /** The length of the record's bytes. */
  length(entry: string): number {
    let length = entry.charCodeAt(HEAD_BYTES - 1) & ~COMPRESSED;
    for (let i = HEAD_BYTES - 2; i >= TIME_BYTES; i--) length = length * 256 + entry.charCodeAt(i);
    return length;
  }

  /** Writes the record's bytes into `target` at `at` (`length(entry)` bytes). */
  unpack(entry: string, target: Buffer, at: number): void {
    if (!this.isCompressed(entry)) {
      target.write(entry.slice(HEAD_BYTES), at, 'latin1');
      return;
    }
    if (this.input.length < entry.length) this.input = Buffer.allocUnsafe(entry.length * 2);
    this.input.write(entry, 0, 'latin1');
    const length = this.length(entry);
    const written = this.decompressor.decompress(
      target.subarray(at, at + length),
      this.input.subarray(HEAD_BYTES, entry.length),
    );
    if (written !== length) throw new Error(`unpacked ${written} of ${length} bytes`);
  }

  private head(storedAt: number, length: number, compressed: boolean): void {
    this.packed.writeUIntLE(Math.max(0, Math.floor(storedAt)), 0, TIME_BYTES);
    this.packed.writeUInt32LE((length | (compressed ? COMPRESSED << 24 : 0)) >>> 0, TIME_BYTES);
  }
}

function compressorWith(dictionary: Buffer | null): CCtx {
  const compressor = new CCtx();
  compressor.setParameter(CParameter.compressionLevel, 1);
  // The frame keeps the content size (unpack checks it); no checksum and no dictionary id,
  // which would repeat in every record what this process knows anyway.
  compressor.setParameter(CParameter.checksumFlag, 0);
  compressor.setParameter(CParameter.dictIDFlag, 0);
  if (dictionary !== null) compressor.loadDictionary(dictionary);
  return compressor;
}
