import { PDFArray, PDFContext, PDFName, PDFNumber, PDFObject, PDFRawStream, PDFRef } from '@cantoo/pdf-lib';
import { CrossReferenceEntry, CrossReferenceSection } from './cross-reference-section';
import { readIndirectObject } from './indirect-object';
import { NotReadableLazily } from './not-readable-lazily';
import { decodeStructureStream } from './structure-stream';

interface Range {
  first: number;
  count: number;
  firstRow: number;
}

/** Reads a cross-reference stream (`/Type /XRef`): rows of `/W` byte widths for the `/Index` ranges. */
export function readCrossReferenceStream(
  bytes: Uint8Array,
  offset: number,
  context: PDFContext,
): CrossReferenceSection {
  const { value: stream } = readIndirectObject(bytes, offset, context);
  if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of('Type')) !== PDFName.of('XRef')) {
    throw new NotReadableLazily(`no cross-reference stream at byte ${offset}`);
  }
  const { dict } = stream;
  const widths = integers(dict.get(PDFName.of('W')), 'W');
  if (widths.length !== 3 || widths.some((width) => width > 6)) throw new NotReadableLazily('unusual /W');
  const size = integers(dict.get(PDFName.of('Size')), 'Size')[0];
  const index = dict.has(PDFName.of('Index')) ? integers(dict.get(PDFName.of('Index')), 'Index') : [0, size];
  if (index.length % 2 !== 0) throw new NotReadableLazily('odd /Index');
  const ranges: Range[] = [];
  let rows = 0;
  for (let pair = 0; pair < index.length; pair += 2) {
    ranges.push({ first: index[pair], count: index[pair + 1], firstRow: rows });
    rows += index[pair + 1];
  }
  const data = decodeStructureStream(stream, direct);
  const rowLength = widths[0] + widths[1] + widths[2];
  if (rows * rowLength > data.length)
    throw new NotReadableLazily('cross-reference stream shorter than its /Index');
  const field = (start: number, width: number): number => {
    let value = 0;
    for (let index = 0; index < width; index++) value = value * 256 + data[start + index];
    return value;
  };
  const entry = (objectNumber: number): CrossReferenceEntry | undefined => {
    const range = ranges.find(({ first, count }) => objectNumber >= first && objectNumber < first + count);
    if (!range) return undefined;
    const start = (range.firstRow + objectNumber - range.first) * rowLength;
    // A missing type field means type 1 (PDF 32000-1, table 17).
    const type = widths[0] === 0 ? 1 : field(start, widths[0]);
    const second = field(start + widths[0], widths[1]);
    const third = field(start + widths[0] + widths[1], widths[2]);
    if (type === 1) return { kind: 'offset', offset: second, generation: third };
    if (type === 2) return { kind: 'compressed', streamNumber: second, index: third };
    return { kind: 'free' };
  };
  return { trailer: dict, entry };
}

/** The stream's own dictionary must not send the reader elsewhere while the xref is being read. */
function direct(value: PDFObject | undefined): PDFObject | undefined {
  if (value instanceof PDFRef)
    throw new NotReadableLazily('indirect value in a cross-reference stream dictionary');
  return value;
}

function integers(value: PDFObject | undefined, key: string): number[] {
  const items = value instanceof PDFArray ? value.asArray() : [value];
  return items.map((item) => {
    const number = item instanceof PDFNumber ? item.asNumber() : NaN;
    if (!Number.isSafeInteger(number) || number < 0)
      throw new NotReadableLazily(`/${key} is not a list of counts`);
    return number;
  });
}
