// No imports: the SQLite read threads load this file and nothing of Nest or TypeORM.

/**
 * The first column of a long result (an ordered list of keys) in compact form: the keys' UTF-8
 * bytes one after the other, and where each ends. A million article numbers take ~11 MB this way
 * and no heap object per key.
 */
export class KeyList {
  constructor(
    private readonly bytes: Buffer,
    private readonly ends: Uint32Array,
  ) {}

  static of(keys: Iterable<string>): KeyList {
    const builder = new KeyListBuilder();
    for (const key of keys) builder.add(key);
    return builder.list();
  }

  get length(): number {
    return this.ends.length;
  }

  /** Keys from `start` up to (not including) `end`, like Array.prototype.slice. */
  slice(start: number, end = this.length): string[] {
    const from = Math.max(0, Math.min(start, this.length));
    const to = Math.max(from, Math.min(end, this.length));
    const keys: string[] = new Array(to - from);
    for (let i = from; i < to; i++)
      keys[i - from] = this.bytes.toString('utf8', i === 0 ? 0 : this.ends[i - 1], this.ends[i]);
    return keys;
  }
}

/**
 * Collects keys as they come (rows of a cursor, of a SQLite statement) into growing blocks of
 * bytes and ends: no string per key is kept, so a million keys cost ~11 MB while they are read.
 * The blocks start small (a delta list of a few keys takes 6 KB, not a megabyte) and double.
 */
export class KeyListBuilder {
  private bytes = Buffer.allocUnsafe(1 << 12);
  private ends = new Uint32Array(1 << 9);
  private count = 0;
  private end = 0;

  add(key: string): void {
    const size = Buffer.byteLength(key, 'utf8');
    if (this.end + size > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.end + size));
      this.bytes.copy(grown, 0, 0, this.end);
      this.bytes = grown;
    }
    if (this.count === this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.end += this.bytes.write(key, this.end, 'utf8');
    this.ends[this.count++] = this.end;
  }

  /** Copies of the used parts (a view would keep, or send along, the whole block). */
  parts(): { bytes: Uint8Array; ends: Uint32Array } {
    return {
      bytes: new Uint8Array(this.bytes.buffer.slice(this.bytes.byteOffset, this.bytes.byteOffset + this.end)),
      ends: this.ends.slice(0, this.count),
    };
  }

  list(): KeyList {
    const { bytes, ends } = this.parts();
    return new KeyList(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), ends);
  }
}
