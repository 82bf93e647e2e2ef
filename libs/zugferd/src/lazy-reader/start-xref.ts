import { ByteCursor } from './byte-cursor';
import { NotReadableLazily } from './not-readable-lazily';

/** The offset of the newest cross-reference section, as the last `startxref` of the file states it. */
export function findStartXref(bytes: Uint8Array): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const keyword = buffer.lastIndexOf('startxref');
  if (keyword < 0) throw new NotReadableLazily('no startxref');
  const cursor = new ByteCursor(bytes, keyword + 'startxref'.length).skipWhitespace();
  const offset = cursor.readInteger();
  if (offset <= 0 || offset >= bytes.length)
    throw new NotReadableLazily(`startxref ${offset} lies outside the file`);
  return offset;
}
