import { createHash } from 'crypto';
import { PDFArray, PDFDocument, PDFHexString, PDFString } from '@cantoo/pdf-lib';

/**
 * PDF/A requires the trailer `/ID`. The first part names the document and is kept; the second names
 * this version. Both derive from the content, so combining the same inputs gives the same file.
 */
export function updateFileIdentifier(document: PDFDocument, xml: Uint8Array, modificationDate: Date): void {
  const { context } = document;
  const first = context.lookupMaybe(context.trailerInfo.ID, PDFArray)?.get(0);
  const existing = first instanceof PDFHexString || first instanceof PDFString ? first : undefined;
  const versionDigest = createHash('md5').update(xml).update(modificationDate.toISOString());
  const permanent = existing ?? PDFHexString.fromBytes(versionDigest.copy().digest());
  if (existing) versionDigest.update(existing.asBytes());
  context.trailerInfo.ID = context.obj([permanent, PDFHexString.fromBytes(versionDigest.digest())]);
}
