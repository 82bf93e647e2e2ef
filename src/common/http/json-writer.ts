import { ResponseCharset } from './json-bytes';

/** Bytes a UTF-16 unit can take at most once written: `\uXXXX`. */
const MAX_BYTES_PER_UNIT = 6;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const HEX = '0123456789abcdef';
/** The short escapes JSON.stringify writes for these control characters. */
const SHORT_ESCAPES = new Map<number, number>([
  [0x08, 0x62], // \b
  [0x09, 0x74], // \t
  [0x0a, 0x6e], // \n
  [0x0c, 0x66], // \f
  [0x0d, 0x72], // \r
]);

/**
 * Writes JSON values straight into response bytes: the same bytes as `JSON.stringify` followed by
 * `encodeJson` in the response charset (ISO-8859-1: characters above U+00FF as `\uXXXX`), without
 * the intermediate string or a buffer per value. Made for the article list, whose cold pages
 * render a hundred records each: the records' objects, JSON strings and buffers were a third of
 * what its event loop allocated per page (and garbage collection a sixth of its time).
 *
 * Values are written piece by piece (`openObject`, `key`, `string`, ...; commas where due);
 * values at the top level are not separated.
 */
export class JsonWriter {
  private buffer: Buffer;
  private at = 0;
  private readonly utf8: boolean;
  /** Open objects and arrays. */
  private depth = 0;
  /** Nothing written yet in the innermost open object or array. */
  private first = true;
  /** A key was just written: its value takes no comma. */
  private keyed = false;

  constructor(charset: ResponseCharset, expectedBytes = 4096) {
    this.utf8 = charset === 'utf-8';
    this.buffer = Buffer.allocUnsafeSlow(Math.max(64, expectedBytes));
  }

  /** Bytes written so far. */
  get length(): number {
    return this.at;
  }

  /** What has been written, in a buffer of its own (a view of it; nothing may be written after). */
  bytes(): Buffer {
    return this.buffer.subarray(0, this.at);
  }

  /** A string value; null writes `null`. */
  string(text: string | null): this {
    if (text === null) return this.literal('null');
    this.separate();
    this.quoted(text);
    return this;
  }

  /** A number value as JSON.stringify writes it (`null` for null, NaN and the infinities). */
  number(n: number | null): this {
    return this.literal(n !== null && Number.isFinite(n) ? String(n) : 'null');
  }

  openObject(): this {
    this.separate();
    return this.open(0x7b);
  }

  closeObject(): this {
    return this.close(0x7d);
  }

  openArray(): this {
    this.separate();
    return this.open(0x5b);
  }

  closeArray(): this {
    return this.close(0x5d);
  }

  /** The key of the next value of the open object. */
  key(name: string): this {
    if (!this.first) this.byte(COMMA);
    this.quoted(name);
    this.byte(COLON);
    this.first = false;
    this.keyed = true;
    return this;
  }

  /** The comma before a value, where one is due (values at the top level get none). */
  private separate(): void {
    if (this.keyed) this.keyed = false;
    else if (this.depth > 0 && !this.first) this.byte(COMMA);
    this.first = false;
  }

  private open(bracket: number): this {
    this.byte(bracket);
    this.depth++;
    this.first = true;
    return this;
  }

  private close(bracket: number): this {
    this.byte(bracket);
    this.depth--;
    this.first = false;
    return this;
  }

  private literal(text: string): this {
    this.separate();
    this.ascii(text);
    return this;
  }

  private reserve(bytes: number): void {
    if (this.at + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.buffer.length * 2, this.at + bytes));
    this.buffer.copy(grown, 0, 0, this.at);
    this.buffer = grown;
  }

  private byte(b: number): void {
    this.reserve(1);
    this.buffer[this.at++] = b;
  }

  /** Text known to be ASCII without anything to escape (numbers, literals). */
  private ascii(text: string): void {
    this.reserve(text.length);
    const b = this.buffer;
    let at = this.at;
    for (let i = 0; i < text.length; i++) b[at++] = text.charCodeAt(i);
    this.at = at;
  }

  private quoted(s: string): void {
    this.reserve(s.length * MAX_BYTES_PER_UNIT + 2);
    const b = this.buffer;
    let at = this.at;
    b[at++] = QUOTE;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x20 && c < 0x80) {
        if (c === QUOTE || c === BACKSLASH) b[at++] = BACKSLASH;
        b[at++] = c;
      } else if (c < 0x20) {
        const short = SHORT_ESCAPES.get(c);
        if (short === undefined) at = escape(b, at, c);
        else {
          b[at++] = BACKSLASH;
          b[at++] = short;
        }
      } else if (c >= 0xd800 && c <= 0xdfff) {
        const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          // A pair: one character beyond the BMP (ISO-8859-1: each half escaped, as encodeJson does).
          i++;
          if (this.utf8) {
            const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
            b[at++] = 0xf0 | (cp >> 18);
            b[at++] = 0x80 | ((cp >> 12) & 0x3f);
            b[at++] = 0x80 | ((cp >> 6) & 0x3f);
            b[at++] = 0x80 | (cp & 0x3f);
          } else {
            at = escape(b, at, c);
            at = escape(b, at, next);
          }
        } else at = escape(b, at, c); // a lone half: JSON.stringify escapes it in either charset
      } else if (!this.utf8) {
        if (c <= 0xff) b[at++] = c;
        else at = escape(b, at, c);
      } else if (c < 0x800) {
        b[at++] = 0xc0 | (c >> 6);
        b[at++] = 0x80 | (c & 0x3f);
      } else {
        b[at++] = 0xe0 | (c >> 12);
        b[at++] = 0x80 | ((c >> 6) & 0x3f);
        b[at++] = 0x80 | (c & 0x3f);
      }
    }
    b[at++] = QUOTE;
    this.at = at;
  }
}

/** `\uXXXX` (lower-case hex, as JSON.stringify and encodeJson write it) at `at`; returns the end. */
function escape(b: Buffer, at: number, unit: number): number {
  b[at++] = BACKSLASH;
  b[at++] = 0x75;
  for (let shift = 12; shift >= 0; shift -= 4) b[at++] = HEX.charCodeAt((unit >> shift) & 0xf);
  return at;
}
