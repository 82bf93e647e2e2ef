import { PDFCatalog, PDFContext, PDFHeader } from '@cantoo/pdf-lib';
import { countPageLeaves } from '../page-tree';
import { PdfObjects } from '../pdf-objects';
import { isMarkedEncrypted } from '../pdf-input';
import { CrossReference } from './cross-reference';
import { NotReadableLazily } from './not-readable-lazily';
import { ObjectReader } from './object-reader';
import { createOnDemandContext } from './on-demand-context';

const headerSearchWindow = 1024;

/** A PDF opened through its cross-reference data: objects are read when something looks them up. */
interface LazyPdf extends PdfObjects {
  version: string;
  pageCount: number;
}

/**
 * Opens the PDF without parsing it: reads the cross-reference data, the catalog and the page tree.
 * Throws NotReadableLazily for anything the full parse has to handle (encryption above all).
 */
export function openLazily(input: Uint8Array): LazyPdf {
  if (isMarkedEncrypted(input)) throw new NotReadableLazily('encrypted');
  const version = readHeaderVersion(input);
  // A plain view, not a Buffer: Buffer's subarray is markedly slower, and the parser takes one per object.
  const bytes = new Uint8Array(input.buffer, input.byteOffset, input.length);
  // The trailer dictionaries need no lookups, so a plain context holds them.
  const crossReference = CrossReference.read(bytes, PDFContext.create());
  const reader = new ObjectReader(bytes, crossReference);
  const context = createOnDemandContext((ref, lookupContext) => reader.read(ref, lookupContext));
  const catalog = context.lookup(crossReference.root);
  if (!(catalog instanceof PDFCatalog)) throw new NotReadableLazily('/Root is not a catalog');
  const pageCount = countPageLeaves({ context, catalog });
  if (pageCount === 0) throw new NotReadableLazily('no pages');
  return { context, catalog, version, pageCount };
}

/** The version as pdf-lib reads it from `%PDF-major.minor`. */
function readHeaderVersion(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, headerSearchWindow));
  const match = /%PDF-(\d+)\.(\d+)/.exec(head.toString('latin1'));
  const marker = head.indexOf('%PDF-');
  if (!match || match.index !== marker) throw new NotReadableLazily('no readable %PDF- header');
  return PDFHeader.forVersion(Number(match[1]), Number(match[2])).getVersionString();
}
