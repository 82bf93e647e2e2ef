import { constants as zlibConstants, inflateSync } from 'node:zlib';
import { decodePDFRawStream, PDFRawStream } from '@cantoo/pdf-lib';

/** No stream of an invoice PDF decodes to more than this (an invoice XML is a few MB at most). */
const MAX_DECODED_STREAM_BYTES = 64 * 1024 * 1024;

/** All object and cross-reference streams of one file together decode to at most this. */
const MAX_DECODED_STRUCTURE_BYTES = 256 * 1024 * 1024;

const mebibytes = (bytes: number): string => `${bytes / (1024 * 1024)} MiB`;

/** A stream that expands beyond its limit: a zip bomb, or nothing an invoice needs. */
export class StreamTooLarge extends Error {
  constructor(what: string, limit: number) {
    super(`the PDF is refused: ${what} expands to more than ${mebibytes(limit)}`);
  }
}

/**
 * Flate data through zlib (much faster than the library's JavaScript inflater), tolerating a
 * truncated end as readers do, and never producing more than `limit` bytes.
 */
export function inflateBounded(data: Uint8Array, what: string, limit = MAX_DECODED_STREAM_BYTES): Buffer {
  try {
    return inflateSync(data, { finishFlush: zlibConstants.Z_SYNC_FLUSH, maxOutputLength: limit });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new StreamTooLarge(what, limit);
    throw error;
  }
}

/** Any stream through the library's decoders (every filter it knows), read no further than the limit. */
export function decodeBounded(stream: PDFRawStream, what: string): Uint8Array {
  const bytes = decodePDFRawStream(stream).getBytes(MAX_DECODED_STREAM_BYTES + 1);
  if (bytes.length > MAX_DECODED_STREAM_BYTES) throw new StreamTooLarge(what, MAX_DECODED_STREAM_BYTES);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

const structureMarkers = ['/ObjStm', '/XRef'].map((marker) => Buffer.from(marker, 'latin1'));
const isNameCharacter = (byte: number | undefined): boolean =>
  byte !== undefined && /[A-Za-z0-9_.#-]/.test(String.fromCharCode(byte));

/**
 * The parser decodes every object stream and cross-reference stream while loading a file, with no
 * bound on what they expand to. Before it does, each Flate stream of those types is inflated here
 * with a limit per stream and one for all of them; a file over either is refused. Damaged data is
 * left to the parser, which words the refusal.
 */
export function refuseExpandingStructureStreams(input: Uint8Array): void {
  const buffer = Buffer.from(input.buffer, input.byteOffset, input.length);
  let budget = MAX_DECODED_STRUCTURE_BYTES;
  for (const marker of structureMarkers) {
    for (let at = buffer.indexOf(marker); at >= 0; at = buffer.indexOf(marker, at + marker.length)) {
      if (isNameCharacter(buffer[at + marker.length])) continue; // /XRefStm, say
      const data = streamDataAfter(buffer, at);
      if (data === undefined) continue;
      let decoded: Buffer;
      try {
        decoded = inflateBounded(
          data,
          'an object or cross-reference stream',
          Math.min(budget, MAX_DECODED_STREAM_BYTES),
        );
      } catch (error) {
        if (!(error instanceof StreamTooLarge)) continue;
        if (budget < MAX_DECODED_STREAM_BYTES)
          throw new StreamTooLarge(
            'the object and cross-reference streams together',
            MAX_DECODED_STRUCTURE_BYTES,
          );
        throw error;
      }
      budget -= decoded.length;
    }
  }
}

/** The Flate data of the stream whose dictionary holds `at`, or undefined if it is not Flate. */
function streamDataAfter(buffer: Buffer, at: number): Buffer | undefined {
  const keyword = buffer.indexOf('stream', at, 'latin1');
  if (keyword < 0) return undefined;
  const dictionary = buffer.subarray(Math.max(0, buffer.lastIndexOf('obj', at, 'latin1')), keyword);
  if (!dictionary.includes('FlateDecode')) return undefined;
  let start = keyword + 'stream'.length;
  if (buffer[start] === 0x0d) start++;
  if (buffer[start] === 0x0a) start++;
  const end = buffer.indexOf('endstream', start, 'latin1');
  return buffer.subarray(start, end < 0 ? buffer.length : end);
}
