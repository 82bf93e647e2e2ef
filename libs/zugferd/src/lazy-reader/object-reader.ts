import { PDFContext, PDFObject, PDFRef } from '@cantoo/pdf-lib';
import { CrossReference } from './cross-reference';
import { readIndirectObjectAs } from './indirect-object';
import { NotReadableLazily } from './not-readable-lazily';
import { ObjectStreams } from './object-streams';

/** Reads one object where the cross-reference data puts it: at a file offset or inside an object stream. */
export class ObjectReader {
  private objectStreams?: ObjectStreams;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly crossReference: CrossReference,
  ) {}

  read(ref: PDFRef, context: PDFContext): PDFObject {
    const entry = this.crossReference.entry(ref.objectNumber);
    if (!entry || entry.kind === 'free') throw new NotReadableLazily(`${ref} is not in use`);
    if (entry.kind === 'offset') {
      if (entry.generation !== ref.generationNumber)
        throw new NotReadableLazily(`${ref} has another generation`);
      return readIndirectObjectAs(this.bytes, entry.offset, ref, context);
    }
    if (ref.generationNumber !== 0) throw new NotReadableLazily(`${ref} in an object stream`);
    this.objectStreams ??= new ObjectStreams(context);
    return this.objectStreams.read(entry.streamNumber, ref.objectNumber);
  }
}
