import { PDFContext, PDFName, PDFNumber, PDFRawStream, PDFRef } from '@cantoo/pdf-lib';

/** Places in the file where a stream's contents might start that are tried before giving up. */
const MAX_CANDIDATES = 8;
const endstream = Buffer.from('endstream', 'latin1');

/**
 * pdf-lib takes a stream's length from `/Length` only when it is a direct number. For an indirect
 * one (`/Length 12 0 R`, as qpdf's QDF mode writes it) it scans for `endstream` and drops the
 * end-of-line before it, which can be the data's own last byte. This re-reads such a stream's data
 * from the file by its resolved `/Length`, provided `endstream` follows exactly there; otherwise
 * (a broken length, or contents that are not the file's bytes, as in an encrypted file) the
 * scanned contents stand.
 */
export function withDeclaredLength(
  file: Uint8Array,
  stream: PDFRawStream,
  context: PDFContext,
): PDFRawStream {
  const declared = stream.dict.get(PDFName.of('Length'));
  if (!(declared instanceof PDFRef) || stream.contents.length === 0) return stream;
  const resolved = context.lookup(declared);
  if (!(resolved instanceof PDFNumber)) return stream;
  const length = resolved.asNumber();
  if (!Number.isSafeInteger(length) || length < 0 || length === stream.contents.length) return stream;
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.length);
  const scanned = Buffer.from(stream.contents.buffer, stream.contents.byteOffset, stream.contents.length);
  let at = bytes.indexOf(scanned);
  for (let tried = 0; at >= 0 && tried < MAX_CANDIDATES; tried++, at = bytes.indexOf(scanned, at + 1)) {
    if (followsStreamKeyword(bytes, at) && endstreamAt(bytes, at + length)) {
      return PDFRawStream.of(stream.dict, bytes.subarray(at, at + length), stream.transform);
    }
  }
  return stream;
}

/** `stream` and its end-of-line (CRLF or LF, or a lone CR as some writers put it) end right before `at`. */
function followsStreamKeyword(bytes: Buffer, at: number): boolean {
  let keywordEnd = at;
  if (bytes[keywordEnd - 1] === 0x0a) keywordEnd--;
  if (bytes[keywordEnd - 1] === 0x0d) keywordEnd--;
  return keywordEnd < at && bytes.toString('latin1', keywordEnd - 'stream'.length, keywordEnd) === 'stream';
}

/** `endstream` follows `at`, after white space at most. */
function endstreamAt(bytes: Buffer, at: number): boolean {
  let position = at;
  while (position < bytes.length && position - at < 64 && isWhiteSpace(bytes[position])) position++;
  return bytes.subarray(position, position + endstream.length).equals(endstream);
}

const isWhiteSpace = (byte: number | undefined): boolean =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
