import { PDFArray, PDFContext, PDFDict, PDFName, PDFRawStream } from '@cantoo/pdf-lib';
import { decodeBounded, inflateBounded, StreamTooLarge } from './bounded-decoding';
import { withDeclaredLength } from './declared-stream-length';
import { entryFileNames, fileSpecNames, readEmbeddedFiles } from './embedded-files';
import { readExistingXmp } from './existing-metadata';
import { invoiceAttachmentNames } from './invoice-profile';
import { PdfObjects } from './pdf-objects';
import { ProcessingLog } from './processing-log';

/** An attachment of the PDF as found in the EmbeddedFiles tree or the catalog's `/AF`. */
interface Attachment {
  name: string;
  names: string[];
  fileSpec: PDFDict;
  mimeSubtype: string;
}

/** The invoice attachment of a PDF and its decoded bytes. */
export interface FoundInvoice {
  invoice: Attachment;
  xml: Uint8Array;
}

/** Lists the attachments, picks the invoice and decodes it; throws when the PDF carries none. */
export function readInvoice(document: PdfObjects, file: Uint8Array, log: ProcessingLog): FoundInvoice {
  const attachments = listAttachments(document);
  log.step(
    attachments.length > 0
      ? `found ${attachments.length} attachment(s): ${attachments.map((attachment) => attachment.name).join(', ')}`
      : 'found no attachments',
  );
  const invoice = chooseInvoiceAttachment(attachments, readExistingXmp(document).documentFileName);
  if (!invoice) {
    throw new Error(
      'the PDF carries no invoice XML (no factur-x.xml, xrechnung.xml, zugferd-invoice.xml or other XML attachment)',
    );
  }
  const xml = readAttachment(document.context, invoice, file);
  log.step(`extracted ${invoice.name}: ${xml.length} bytes`);
  return { invoice, xml };
}

function listAttachments(document: PdfObjects): Attachment[] {
  const { context, catalog } = document;
  const attachments: Attachment[] = [];
  const seen = new Set<PDFDict>();
  const add = (names: string[], fileSpec: PDFDict | undefined): void => {
    if (!fileSpec || seen.has(fileSpec)) return;
    seen.add(fileSpec);
    attachments.push({
      name: names[0] ?? '',
      names,
      fileSpec,
      mimeSubtype: mimeSubtypeOf(context, fileSpec),
    });
  };
  for (const entry of readEmbeddedFiles(document).entries) {
    add(entryFileNames(context, entry), context.lookupMaybe(entry.fileSpec, PDFDict));
  }
  // Some producers list the invoice in /AF only.
  const associated = catalog.lookupMaybe(PDFName.of('AF'), PDFArray);
  for (let index = 0; associated && index < associated.size(); index++) {
    const fileSpec = associated.lookupMaybe(index, PDFDict);
    if (fileSpec) add(fileSpecNames(fileSpec), fileSpec);
  }
  return attachments;
}

/**
 * Picks the invoice: the attachment the XMP names, else a standard name (a file carrying both a
 * ZUGFeRD 1 and a Factur-X XML yields the newer one), else the first XML attachment.
 */
function chooseInvoiceAttachment(
  attachments: Attachment[],
  xmpFileName: string | undefined,
): Attachment | undefined {
  const byName = (wanted: string): Attachment | undefined =>
    attachments.find((attachment) =>
      attachment.names.some((name) => name.toLowerCase() === wanted.toLowerCase()),
    );
  const preferred = xmpFileName ? byName(xmpFileName) : undefined;
  if (preferred) return preferred;
  for (const name of invoiceAttachmentNames) {
    const standard = byName(name);
    if (standard) return standard;
  }
  return attachments.find(
    (attachment) =>
      attachment.names.some((name) => name.toLowerCase().endsWith('.xml')) ||
      /xml/i.test(attachment.mimeSubtype),
  );
}

/** The decoded bytes of an attachment's embedded file stream (`file`: the PDF it was read from). */
function readAttachment(context: PDFContext, attachment: Attachment, file: Uint8Array): Uint8Array {
  const streams = attachment.fileSpec.lookupMaybe(PDFName.of('EF'), PDFDict);
  const stream = context.lookup(streams?.get(PDFName.of('UF')) ?? streams?.get(PDFName.of('F')));
  if (!(stream instanceof PDFRawStream)) {
    throw new Error(`the attachment ${attachment.name} has no embedded file stream`);
  }
  return decodeStream(withDeclaredLength(file, stream, context), `the attachment ${attachment.name}`);
}

function decodeStream(stream: PDFRawStream, what: string): Uint8Array {
  const plainFlate =
    stream.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode') &&
    !stream.dict.has(PDFName.of('DecodeParms')) &&
    !stream.transform;
  if (plainFlate) {
    try {
      return inflateBounded(stream.contents, what);
    } catch (error) {
      if (error instanceof StreamTooLarge) throw error;
      // Damaged streams still get the lenient decoder below.
    }
  }
  return decodeBounded(stream, what);
}

function mimeSubtypeOf(context: PDFContext, fileSpec: PDFDict): string {
  const streams = fileSpec.lookupMaybe(PDFName.of('EF'), PDFDict);
  const stream = context.lookup(streams?.get(PDFName.of('F')));
  const subtype = stream instanceof PDFRawStream ? stream.dict.get(PDFName.of('Subtype')) : undefined;
  return subtype instanceof PDFName ? subtype.decodeText() : '';
}
