import { PDFDict, PDFDocument, PDFName, PDFRef } from '@cantoo/pdf-lib';

// The linearization dictionary is the first object of a linearized file.
const linearizationWindow = 2048;
const linearizationHeader = /(\d+)\s+(\d+)\s+obj\s*<<[^]*?\/Linearized/;

/**
 * A rewritten file is no longer linearized; a stale linearization dictionary makes readers such as
 * poppler distrust the cross-reference table, so it is removed.
 */
export function dropLinearization(document: PDFDocument, input: Uint8Array): boolean {
  const head = Buffer.from(input.buffer, input.byteOffset, Math.min(input.length, linearizationWindow));
  const match = linearizationHeader.exec(head.toString('latin1'));
  if (!match) return false;
  const ref = PDFRef.of(Number(match[1]), Number(match[2]));
  const dictionary = document.context.lookupMaybe(ref, PDFDict);
  if (!dictionary?.has(PDFName.of('Linearized'))) return false;
  document.context.delete(ref);
  return true;
}
