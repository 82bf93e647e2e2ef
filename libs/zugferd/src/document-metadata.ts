import { PDFDict, PDFDocument, PDFName, PDFRef } from '@cantoo/pdf-lib';
import { ExistingXmp, readExistingXmp } from './existing-metadata';
import { InvoiceProfile } from './invoice-profile';
import { ProcessingLog } from './processing-log';
import { buildXmpPacket, DocumentProperties, PdfaIdentification } from './xmp-packet';

const defaultProducer = 'ERP e-invoice service';

/**
 * Writes a new XMP packet and an Info dictionary stating the same properties. Values come from the
 * Info dictionary first and the old XMP second, so nothing the input said about itself is lost.
 */
export function writeDocumentMetadata(
  document: PDFDocument,
  profile: InvoiceProfile,
  modificationDate: Date,
  producer: string | undefined,
  log: ProcessingLog,
): void {
  const existing = readExistingXmp(document);
  const pdfa = choosePdfaIdentification(document, existing, log);
  const properties: DocumentProperties = {
    title: infoText(() => document.getTitle()) ?? existing.title,
    author: infoText(() => document.getAuthor()) ?? existing.author,
    subject: infoText(() => document.getSubject()) ?? existing.subject,
    keywords: infoText(() => document.getKeywords()) ?? existing.keywords,
    creatorTool: infoText(() => document.getCreator()) ?? existing.creatorTool,
    producer: producer ?? infoText(() => document.getProducer()) ?? existing.producer ?? defaultProducer,
    creationDate: infoDate(document) ?? existing.createDate ?? modificationDate,
    modificationDate,
  };
  writeInfoDictionary(document, properties, pdfa);
  replaceMetadataStream(document, buildXmpPacket(properties, pdfa, profile));
  const level = `PDF/A-${pdfa.part}${pdfa.conformance ?? ''}`;
  log.step(`wrote XMP metadata: ${level}, ${profile.xmp.prefix} schema ${profile.xmp.namespace}`);
}

function choosePdfaIdentification(
  document: PDFDocument,
  existing: ExistingXmp,
  log: ProcessingLog,
): PdfaIdentification {
  const declared = existing.pdfaPart
    ? `PDF/A-${existing.pdfaPart}${existing.pdfaConformance ?? ''}`
    : undefined;
  // PDF/A-4 is built on PDF 2.0; declaring part 3 there would be false, and 4F permits any attachment.
  if (existing.pdfaPart === 4 && document.context.header.getVersionString().startsWith('2')) {
    log.step('input is PDF/A-4; kept part 4 with conformance F, which allows the XML attachment');
    return { part: 4, conformance: 'F', revision: 2020 };
  }
  const keepsLevel =
    (existing.pdfaPart === 2 || existing.pdfaPart === 3) &&
    (existing.pdfaConformance === 'A' || existing.pdfaConformance === 'U');
  if (!declared) {
    log.step('input declares no PDF/A conformance: declared PDF/A-3B; fonts and colours were not converted');
  } else if (!keepsLevel && declared !== 'PDF/A-3B') {
    log.step(`input declares ${declared}: declared PDF/A-3B`);
  }
  return { part: 3, conformance: keepsLevel ? (existing.pdfaConformance as 'A' | 'U') : 'B' };
}

function writeInfoDictionary(
  document: PDFDocument,
  properties: DocumentProperties,
  pdfa: PdfaIdentification,
): void {
  if (pdfa.part === 4) {
    // PDF/A-4 allows only ModDate in the Info dictionary; the XMP packet carries everything else.
    const info = document.context.lookupMaybe(document.context.trailerInfo.Info, PDFDict);
    for (const key of info?.keys() ?? []) if (key !== PDFName.of('ModDate')) info?.delete(key);
    document.setModificationDate(properties.modificationDate);
    return;
  }
  if (properties.title) document.setTitle(properties.title);
  if (properties.author) document.setAuthor(properties.author);
  if (properties.subject) document.setSubject(properties.subject);
  if (properties.keywords) document.setKeywords([properties.keywords]);
  if (properties.creatorTool) document.setCreator(properties.creatorTool);
  document.setProducer(properties.producer);
  document.setCreationDate(properties.creationDate);
  document.setModificationDate(properties.modificationDate);
}

function replaceMetadataStream(document: PDFDocument, xmp: string): void {
  const { context, catalog } = document;
  const previous = catalog.get(PDFName.of('Metadata'));
  const stream = context.stream(Buffer.from(xmp, 'utf8'), { Type: 'Metadata', Subtype: 'XML' });
  catalog.set(PDFName.of('Metadata'), context.register(stream));
  if (previous instanceof PDFRef) context.delete(previous);
}

function infoText(read: () => string | undefined): string | undefined {
  try {
    const value = read()?.trim();
    return value ? value : undefined;
  } catch {
    return undefined;
  }
}

function infoDate(document: PDFDocument): Date | undefined {
  try {
    const date = document.getCreationDate();
    return date && !Number.isNaN(date.getTime()) ? date : undefined;
  } catch {
    return undefined;
  }
}
