import { PDFContext, PDFDict } from '@cantoo/pdf-lib';
import { ByteCursor, isDigit } from './byte-cursor';
import { CrossReferenceEntry, CrossReferenceSection } from './cross-reference-section';
import { parseValue } from './indirect-object';
import { NotReadableLazily } from './not-readable-lazily';

// The standard's entry: 10-digit offset, space, 5-digit generation, space, n or f, two-byte end of line.
const standardEntryLength = 20;
// Some writers drop a byte of the end of line; none write fewer than 17 bytes.
const shortestEntryLength = 17;

interface Subsection {
  first: number;
  count: number;
  entry(index: number): CrossReferenceEntry;
}

/** Reads a classic `xref` table and the trailer dictionary after it. */
export function readCrossReferenceTable(
  bytes: Uint8Array,
  offset: number,
  context: PDFContext,
): CrossReferenceSection {
  const cursor = new ByteCursor(bytes, offset).skipWhitespace();
  cursor.expectKeyword('xref');
  const subsections: Subsection[] = [];
  for (cursor.skipWhitespace(); isDigit(cursor.peek()); cursor.skipWhitespace()) {
    const first = cursor.readInteger();
    cursor.skipWhitespace();
    const count = cursor.readInteger();
    if (count * shortestEntryLength > bytes.length - cursor.position) {
      throw new NotReadableLazily(`xref subsection of ${count} entries is longer than the file`);
    }
    cursor.skipWhitespace();
    subsections.push(standardSubsection(cursor, first, count) ?? tokenizedSubsection(cursor, first, count));
  }
  cursor.expectKeyword('trailer');
  const trailer = parseValue(bytes, cursor.position, context);
  if (!(trailer instanceof PDFDict)) throw new NotReadableLazily('the trailer is not a dictionary');
  const entry = (objectNumber: number): CrossReferenceEntry | undefined => {
    const subsection = subsections.find(
      ({ first, count }) => objectNumber >= first && objectNumber < first + count,
    );
    return subsection?.entry(objectNumber - subsection.first);
  };
  return { trailer, entry };
}

/**
 * A subsection of 20-byte entries is not parsed at all: an entry is read, and checked, when asked for.
 * This keeps a table of 85,000 objects from costing more than the few objects Extract needs.
 */
function standardSubsection(cursor: ByteCursor, first: number, count: number): Subsection | undefined {
  const { bytes } = cursor;
  const start = cursor.position;
  const end = start + count * standardEntryLength;
  if (count === 0 || end > bytes.length) return undefined;
  if (!readStandardEntry(bytes, start) || !readStandardEntry(bytes, end - standardEntryLength))
    return undefined;
  const after = new ByteCursor(bytes, end).skipWhitespace();
  if (!isDigit(after.peek()) && !after.matchKeyword('trailer')) return undefined;
  cursor.position = end;
  return {
    first,
    count,
    entry: (index) => {
      const entry = readStandardEntry(bytes, start + index * standardEntryLength);
      if (!entry) throw new NotReadableLazily(`xref entry ${first + index} is not 20 bytes like the others`);
      return entry;
    },
  };
}

function readStandardEntry(bytes: Uint8Array, at: number): CrossReferenceEntry | undefined {
  const offset = digits(bytes, at, 10);
  const generation = digits(bytes, at + 11, 5);
  if (
    offset === undefined ||
    generation === undefined ||
    bytes[at + 10] !== 0x20 ||
    bytes[at + 16] !== 0x20
  ) {
    return undefined;
  }
  const kind = bytes[at + 17];
  if (kind === 0x6e) return { kind: 'offset', offset, generation };
  return kind === 0x66 ? { kind: 'free' } : undefined;
}

function digits(bytes: Uint8Array, at: number, length: number): number | undefined {
  let value = 0;
  for (let index = at; index < at + length; index++) {
    if (!isDigit(bytes[index])) return undefined;
    value = value * 10 + bytes[index] - 0x30;
  }
  return value;
}

/** Tables whose entries are not all 20 bytes are read entry by entry, token by token. */
function tokenizedSubsection(cursor: ByteCursor, first: number, count: number): Subsection {
  const offsets = new Float64Array(count);
  const generations = new Uint32Array(count);
  const inUse = new Uint8Array(count);
  for (let index = 0; index < count; index++) {
    offsets[index] = cursor.skipWhitespace().readInteger();
    generations[index] = cursor.skipWhitespace().readInteger();
    cursor.skipWhitespace();
    if (cursor.matchKeyword('n')) inUse[index] = 1;
    else cursor.expectKeyword('f');
  }
  return {
    first,
    count,
    entry: (index) =>
      inUse[index]
        ? { kind: 'offset', offset: offsets[index], generation: generations[index] }
        : { kind: 'free' },
  };
}
