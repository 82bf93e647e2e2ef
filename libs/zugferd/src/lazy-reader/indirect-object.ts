import { PDFContext, PDFObject, PDFObjectParser, PDFRef } from '@cantoo/pdf-lib';
import { ByteCursor } from './byte-cursor';
import { NotReadableLazily } from './not-readable-lazily';

/** An indirect object as it stands at an offset: `n g obj` and its value. */
interface IndirectObject {
  ref: PDFRef;
  value: PDFObject;
}

/**
 * Reads the indirect object at a cross-reference offset. The value goes through pdf-lib's own object
 * parser, so strings, names, dictionary types and stream bounds come out exactly as in the full parse.
 */
export function readIndirectObject(bytes: Uint8Array, offset: number, context: PDFContext): IndirectObject {
  const cursor = new ByteCursor(bytes, offset).skipWhitespace();
  const objectNumber = cursor.readInteger();
  cursor.skipWhitespace();
  const generationNumber = cursor.readInteger();
  cursor.skipWhitespace();
  cursor.expectKeyword('obj');
  return {
    ref: PDFRef.of(objectNumber, generationNumber),
    value: parseValue(bytes, cursor.position, context),
  };
}

/** Reads the object the cross-reference data says is at `offset`; any other object there means a broken xref. */
export function readIndirectObjectAs(
  bytes: Uint8Array,
  offset: number,
  ref: PDFRef,
  context: PDFContext,
): PDFObject {
  const object = readIndirectObject(bytes, offset, context);
  if (object.ref !== ref) throw new NotReadableLazily(`found ${object.ref} where the xref puts ${ref}`);
  return object.value;
}

/** Parses one direct value starting at `offset` (inside the file or a decoded object stream). */
export function parseValue(bytes: Uint8Array, offset: number, context: PDFContext): PDFObject {
  if (offset < 0 || offset >= bytes.length)
    throw new NotReadableLazily(`object offset ${offset} out of range`);
  return PDFObjectParser.forBytes(bytes.subarray(offset), context).parseObject();
}
