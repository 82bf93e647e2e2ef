import { PDFContext, PDFDict, PDFName, PDFNumber, PDFRef } from '@cantoo/pdf-lib';
import { ByteCursor } from './byte-cursor';
import { CrossReferenceEntry, CrossReferenceSection } from './cross-reference-section';
import { NotReadableLazily } from './not-readable-lazily';
import { findStartXref } from './start-xref';
import { readCrossReferenceStream } from './xref-stream';
import { readCrossReferenceTable } from './xref-table';

// Files with hundreds of incremental updates exist in theory only; the limit stops hostile chains.
const maxRevisions = 512;

/** One revision: its table or stream, plus the stream a hybrid file hides behind `/XRefStm`. */
interface Revision {
  section: CrossReferenceSection;
  hiddenStream?: CrossReferenceSection;
}

/**
 * The cross-reference data of the whole file: the section `startxref` names and every older one
 * reached through `/Prev`. An object's newest revision wins (PDF 32000-1, 7.5.6).
 */
export class CrossReference {
  private constructor(
    private readonly revisions: Revision[],
    readonly root: PDFRef,
  ) {}

  static read(bytes: Uint8Array, context: PDFContext): CrossReference {
    const revisions: Revision[] = [];
    const visited = new Set<number>();
    let offset = findStartXref(bytes) as number | undefined;
    while (offset !== undefined) {
      if (visited.has(offset) || revisions.length >= maxRevisions) {
        throw new NotReadableLazily('the /Prev chain loops');
      }
      visited.add(offset);
      const section = readSection(bytes, offset, context);
      const hiddenOffset = offsetEntry(section.trailer, 'XRefStm', bytes);
      const hiddenStream =
        hiddenOffset === undefined ? undefined : readCrossReferenceStream(bytes, hiddenOffset, context);
      revisions.push({ section, hiddenStream });
      offset = offsetEntry(section.trailer, 'Prev', bytes);
    }
    if (revisions.some(({ section }) => section.trailer.has(PDFName.of('Encrypt')))) {
      throw new NotReadableLazily('encrypted');
    }
    const root = revisions
      .map(({ section }) => section.trailer.get(PDFName.of('Root')))
      .find((value) => value !== undefined);
    if (!(root instanceof PDFRef)) throw new NotReadableLazily('no /Root reference in the trailer');
    return new CrossReference(revisions, root);
  }

  entry(objectNumber: number): CrossReferenceEntry | undefined {
    for (const { section, hiddenStream } of this.revisions) {
      const listed = section.entry(objectNumber);
      if (listed && listed.kind !== 'free') return listed;
      // A hybrid file's table may mark as free what its hidden stream puts into object streams.
      const hidden = hiddenStream?.entry(objectNumber);
      if (hidden) return hidden;
      if (listed) return listed;
    }
    return undefined;
  }
}

function readSection(bytes: Uint8Array, offset: number, context: PDFContext): CrossReferenceSection {
  const cursor = new ByteCursor(bytes, offset).skipWhitespace();
  return cursor.matchKeyword('xref')
    ? readCrossReferenceTable(bytes, offset, context)
    : readCrossReferenceStream(bytes, offset, context);
}

function offsetEntry(trailer: PDFDict, key: string, bytes: Uint8Array): number | undefined {
  const value = trailer.get(PDFName.of(key));
  if (value === undefined) return undefined;
  const offset = value instanceof PDFNumber ? value.asNumber() : NaN;
  if (!Number.isSafeInteger(offset) || offset < 0 || offset >= bytes.length) {
    throw new NotReadableLazily(`/${key} is not an offset in the file`);
  }
  return offset;
}
