import { NotReadableLazily } from './not-readable-lazily';

const percent = 0x25;
const lineFeed = 0x0a;
const carriageReturn = 0x0d;

/** PDF white space (PDF 32000-1, 7.2.2): NUL, TAB, LF, FF, CR, SPACE. */
function isWhitespace(byte: number): boolean {
  return (
    byte === 0x20 ||
    byte === lineFeed ||
    byte === carriageReturn ||
    byte === 0x09 ||
    byte === 0x0c ||
    byte === 0
  );
}

export function isDigit(byte: number): boolean {
  return byte >= 0x30 && byte <= 0x39;
}

/** Reads the plain syntax around objects: white space, comments, unsigned integers and keywords. */
export class ByteCursor {
  constructor(
    readonly bytes: Uint8Array,
    public position = 0,
  ) {}

  get done(): boolean {
    return this.position >= this.bytes.length;
  }

  peek(): number {
    return this.bytes[this.position];
  }

  skipWhitespace(): this {
    const { bytes } = this;
    while (this.position < bytes.length) {
      const byte = bytes[this.position];
      if (isWhitespace(byte)) {
        this.position++;
      } else if (byte === percent) {
        while (
          this.position < bytes.length &&
          bytes[this.position] !== lineFeed &&
          bytes[this.position] !== carriageReturn
        ) {
          this.position++;
        }
      } else {
        break;
      }
    }
    return this;
  }

  readInteger(): number {
    const { bytes } = this;
    const start = this.position;
    let value = 0;
    while (this.position < bytes.length && isDigit(bytes[this.position])) {
      value = value * 10 + bytes[this.position] - 0x30;
      this.position++;
    }
    if (this.position === start) throw new NotReadableLazily(`expected an integer at byte ${start}`);
    return value;
  }

  /** Consumes the keyword if it comes next; keywords are ASCII. */
  matchKeyword(keyword: string): boolean {
    if (this.position + keyword.length > this.bytes.length) return false;
    for (let index = 0; index < keyword.length; index++) {
      if (this.bytes[this.position + index] !== keyword.charCodeAt(index)) return false;
    }
    this.position += keyword.length;
    return true;
  }

  expectKeyword(keyword: string): void {
    if (!this.matchKeyword(keyword))
      throw new NotReadableLazily(`expected "${keyword}" at byte ${this.position}`);
  }
}
