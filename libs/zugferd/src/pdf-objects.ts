import { PDFDocument } from '@cantoo/pdf-lib';

/**
 * What the attachment and metadata lookups read: the catalog and the context that resolves its
 * references. pdf-lib's fully parsed document is one; the lazy cross-reference reader is the other.
 */
export type PdfObjects = Pick<PDFDocument, 'context' | 'catalog'>;
