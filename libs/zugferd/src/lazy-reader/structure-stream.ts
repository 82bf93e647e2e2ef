import { PDFArray, PDFDict, PDFName, PDFNull, PDFNumber, PDFObject, PDFRawStream } from '@cantoo/pdf-lib';
import { inflateBounded } from '../bounded-decoding';
import { NotReadableLazily } from './not-readable-lazily';
import { undoPngPredictor } from './png-predictor';

/** Follows a reference to its object (or refuses to); direct values come back unchanged. */
type ResolveValue = (value: PDFObject | undefined) => PDFObject | undefined;

/**
 * The data of a cross-reference or object stream. These are written unfiltered or with FlateDecode,
 * the latter often with a PNG predictor; anything else is left to the full parse.
 */
export function decodeStructureStream(stream: PDFRawStream, resolve: ResolveValue): Uint8Array {
  const filter = onlyEntry(resolve(stream.dict.get(PDFName.of('Filter'))), resolve);
  const parameters = onlyEntry(resolve(stream.dict.get(PDFName.of('DecodeParms'))), resolve);
  if (filter === undefined) return stream.contents;
  if (filter !== PDFName.of('FlateDecode'))
    throw new NotReadableLazily(`structure stream filter ${String(filter)}`);
  let data: Uint8Array;
  try {
    data = inflateBounded(stream.contents, 'a structure stream');
  } catch {
    throw new NotReadableLazily('damaged Flate data in a structure stream');
  }
  if (parameters === undefined) return data;
  if (!(parameters instanceof PDFDict)) throw new NotReadableLazily('DecodeParms is not a dictionary');
  const parameter = (key: string, fallback: number): number => {
    const value = resolve(parameters.get(PDFName.of(key)));
    if (value === undefined) return fallback;
    if (!(value instanceof PDFNumber)) throw new NotReadableLazily(`DecodeParms /${key} is not a number`);
    return value.asNumber();
  };
  const predictor = parameter('Predictor', 1);
  if (predictor === 1) return data;
  if (predictor < 10) throw new NotReadableLazily(`predictor ${predictor}`);
  return undoPngPredictor(data, {
    colors: parameter('Colors', 1),
    bitsPerComponent: parameter('BitsPerComponent', 8),
    columns: parameter('Columns', 1),
  });
}

/** `/F` and `[/F]` mean the same; a chain of several filters is not what these streams use. */
function onlyEntry(value: PDFObject | undefined, resolve: ResolveValue): PDFObject | undefined {
  if (value === PDFNull) return undefined;
  if (!(value instanceof PDFArray)) return value;
  if (value.size() === 0) return undefined;
  if (value.size() > 1) throw new NotReadableLazily('a chain of filters on a structure stream');
  const entry = resolve(value.get(0));
  return entry === PDFNull ? undefined : entry;
}
