import { PDFContext, PDFName, PDFNumber, PDFObject, PDFRawStream, PDFRef } from '@cantoo/pdf-lib';
import { ByteCursor } from './byte-cursor';
import { parseValue } from './indirect-object';
import { NotReadableLazily } from './not-readable-lazily';
import { decodeStructureStream } from './structure-stream';

interface DecodedObjectStream {
  data: Uint8Array;
  first: number;
  offsets: Map<number, number>;
}

/** Objects stored in object streams (`/Type /ObjStm`): each stream is decoded once, when first needed. */
export class ObjectStreams {
  private readonly decoded = new Map<number, DecodedObjectStream>();

  constructor(private readonly context: PDFContext) {}

  read(streamNumber: number, objectNumber: number): PDFObject {
    const stream = this.open(streamNumber);
    const offset = stream.offsets.get(objectNumber);
    if (offset === undefined)
      throw new NotReadableLazily(`object ${objectNumber} is not in object stream ${streamNumber}`);
    return parseValue(stream.data, stream.first + offset, this.context);
  }

  private open(streamNumber: number): DecodedObjectStream {
    const known = this.decoded.get(streamNumber);
    if (known) return known;
    // The context reads the stream through the cross-reference data like any other object.
    const stream = this.context.lookup(PDFRef.of(streamNumber, 0));
    if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of('Type')) !== PDFName.of('ObjStm')) {
      throw new NotReadableLazily(`object ${streamNumber} is not an object stream`);
    }
    const resolve = (value: PDFObject | undefined) => this.context.lookup(value);
    const count = resolve(stream.dict.get(PDFName.of('N')));
    const first = resolve(stream.dict.get(PDFName.of('First')));
    if (!(count instanceof PDFNumber) || !(first instanceof PDFNumber)) {
      throw new NotReadableLazily(`object stream ${streamNumber} lacks /N or /First`);
    }
    const data = decodeStructureStream(stream, resolve);
    const decoded = { data, first: first.asNumber(), offsets: readOffsets(data, count.asNumber()) };
    this.decoded.set(streamNumber, decoded);
    return decoded;
  }
}

/** The header of `N` pairs "object number, offset from /First"; a later pair wins, as in the full parse. */
function readOffsets(data: Uint8Array, count: number): Map<number, number> {
  const offsets = new Map<number, number>();
  const cursor = new ByteCursor(data);
  for (let index = 0; index < count; index++) {
    const objectNumber = cursor.skipWhitespace().readInteger();
    offsets.set(objectNumber, cursor.skipWhitespace().readInteger());
  }
  return offsets;
}
