import { createHash } from 'crypto';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFObject,
  PDFRef,
  PDFString,
} from '@cantoo/pdf-lib';
import { entryFileNames, fileSpecNames, readEmbeddedFiles, writeEmbeddedFiles } from './embedded-files';
import { InvoiceProfile, invoiceAttachmentNames } from './invoice-profile';

const knownInvoiceNames = new Set(invoiceAttachmentNames.map((name) => name.toLowerCase()));

/**
 * Embeds the invoice XML as the standard's attachment and lists it in the catalog's `/AF`. Invoice
 * attachments already present (any standard's name) are removed, so the result carries exactly one.
 * Returns the names of the removed attachments.
 */
export function embedInvoiceXml(
  document: PDFDocument,
  xml: Uint8Array,
  profile: InvoiceProfile,
  modificationDate: Date,
): string[] {
  const { context } = document;
  const tree = readEmbeddedFiles(document);
  const isInvoice = (names: string[]): boolean =>
    names.some((name) => knownInvoiceNames.has(name.toLowerCase()));
  const replaced = tree.entries.filter((entry) => isInvoice(entryFileNames(context, entry)));
  const kept = tree.entries.filter((entry) => !replaced.includes(entry));

  const fileSpec = context.register(createFileSpec(document, xml, profile, modificationDate));
  writeEmbeddedFiles(document, [...kept, { key: PDFString.of(profile.attachmentName), fileSpec }]);
  const droppedFromAf = replaceAssociatedFiles(document, fileSpec, isInvoice);

  const obsolete = [...tree.nodeRefs, ...replaced.map((entry) => entry.fileSpec), ...droppedFromAf];
  deleteFileSpecs(document, obsolete);
  return replaced.map((entry) => entry.key.decodeText());
}

function createFileSpec(
  document: PDFDocument,
  xml: Uint8Array,
  profile: InvoiceProfile,
  modificationDate: Date,
): PDFDict {
  const { context } = document;
  const embeddedFile = context.flateStream(xml, {
    Type: 'EmbeddedFile',
    Subtype: 'text/xml',
    Params: {
      ModDate: PDFString.fromDate(modificationDate),
      Size: xml.length,
      CheckSum: PDFHexString.fromBytes(createHash('md5').update(xml).digest()),
    },
  });
  const embeddedFileRef = context.register(embeddedFile);
  return context.obj({
    Type: 'Filespec',
    F: PDFString.of(profile.attachmentName),
    UF: PDFString.of(profile.attachmentName),
    Desc: PDFString.of(`${profile.standard} invoice (${profile.conformanceLevel})`),
    AFRelationship: profile.relationship,
    EF: { F: embeddedFileRef, UF: embeddedFileRef },
  });
}

/** Puts the new file spec into the catalog's `/AF` in place of invoice file specs; returns the removed ones. */
function replaceAssociatedFiles(
  document: PDFDocument,
  fileSpec: PDFRef,
  isInvoice: (names: string[]) => boolean,
): PDFObject[] {
  const { context, catalog } = document;
  const previous = catalog.lookupMaybe(PDFName.of('AF'), PDFArray);
  const associated = context.obj([]);
  const removed: PDFObject[] = [];
  for (let index = 0; previous && index < previous.size(); index++) {
    const item = previous.get(index);
    const spec = context.lookupMaybe(item, PDFDict);
    if (spec && isInvoice(fileSpecNames(spec))) removed.push(item);
    else associated.push(item);
  }
  associated.push(fileSpec);
  catalog.set(PDFName.of('AF'), associated);
  return removed;
}

/** Removes replaced file specs with their streams, so the old invoice does not linger in the file. */
function deleteFileSpecs(document: PDFDocument, objects: PDFObject[]): void {
  const { context } = document;
  for (const object of objects) {
    if (!(object instanceof PDFRef)) continue;
    const spec = context.lookupMaybe(object, PDFDict);
    const streams = spec?.lookupMaybe(PDFName.of('EF'), PDFDict);
    for (const field of ['F', 'UF']) {
      const stream = streams?.get(PDFName.of(field));
      if (stream instanceof PDFRef) context.delete(stream);
    }
    context.delete(object);
  }
}
