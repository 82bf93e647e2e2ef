import { PDFDict } from '@cantoo/pdf-lib';

/** Where one object lives according to a cross-reference section (PDF 32000-1, 7.5.4 and 7.5.8.3). */
export type CrossReferenceEntry =
  | { kind: 'free' }
  | { kind: 'offset'; offset: number; generation: number }
  | { kind: 'compressed'; streamNumber: number; index: number };

/** One cross-reference table or stream with its trailer (for a stream: the stream's dictionary). */
export interface CrossReferenceSection {
  trailer: PDFDict;
  entry(objectNumber: number): CrossReferenceEntry | undefined;
}
