import { EncryptedPDFError, ParseSpeeds, PDFDocument } from '@cantoo/pdf-lib';
import { refuseExpandingStructureStreams } from './bounded-decoding';
import { countPageLeaves } from './page-tree';
import { ProcessingLog } from './processing-log';

const headerSearchWindow = 1024;

/**
 * Opens the PDF input or throws an Error whose message tells the client what is wrong with it.
 * Files protected only by an owner password (the usual "no printing/copying" flags) open with the
 * empty user password and are written back without encryption, which PDF/A requires anyway.
 */
export async function openPdf(bytes: Uint8Array, log: ProcessingLog): Promise<PDFDocument> {
  requirePdfHeader(bytes);
  refuseExpandingStructureStreams(bytes);
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      password: '',
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
  } catch (error) {
    throw new Error(describeLoadFailure(error, bytes));
  }
  const pageCount = countPageLeaves(document);
  if (pageCount === 0) throw new Error('the PDF is damaged: no page could be found');
  log.step(
    describeOpenedPdf(
      document.context.header.getVersionString(),
      bytes.length,
      pageCount,
      isMarkedEncrypted(bytes),
    ),
  );
  return document;
}

/** The step that says which PDF was read, the same for the full parse and the lazy reader. */
export function describeOpenedPdf(
  version: string,
  byteLength: number,
  pageCount: number,
  encrypted: boolean,
): string {
  return (
    `read PDF ${version}: ${byteLength} bytes, ${pageCount} page(s)` +
    (encrypted ? ', owner-password protection removed' : '')
  );
}

/** Whether the file mentions `/Encrypt` anywhere: such files are left to the library, which decrypts. */
export function isMarkedEncrypted(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  // Searching for the rare "E" rather than "/" (which starts every name) is ten times faster on large files.
  for (let at = buffer.indexOf('Encrypt', 1); at >= 0; at = buffer.indexOf('Encrypt', at + 1)) {
    if (buffer[at - 1] === 0x2f) return true;
  }
  return false;
}

function requirePdfHeader(bytes: Uint8Array): void {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, headerSearchWindow));
  if (!head.includes('%PDF-')) throw new Error('the PDF input is not a PDF file (no %PDF- header)');
}

function describeLoadFailure(error: unknown, bytes: Uint8Array): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof EncryptedPDFError || message === 'NEEDS PASSWORD') {
    return 'the PDF is encrypted and needs a password to open; send it without password protection';
  }
  if (isMarkedEncrypted(bytes)) {
    return `the PDF is encrypted and could not be decrypted (${message}); send it without password protection`;
  }
  return `the PDF is damaged and cannot be read (${message})`;
}
