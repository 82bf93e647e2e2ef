import { PDFDocument } from '@cantoo/pdf-lib';
import { writeDocumentMetadata } from './document-metadata';
import { updateFileIdentifier } from './file-identifier';
import { embedInvoiceXml } from './invoice-embedding';
import { determineInvoiceProfile, InvoiceProfile } from './invoice-profile';
import { readInvoiceXmlFacts } from './invoice-xml';
import { failure } from './failure';
import { dropLinearization } from './linearization';
import { ensureOutputIntent } from './output-intent';
import { openPdf } from './pdf-input';
import { ProcessingLog, StepListener } from './processing-log';

export interface CombineOptions {
  /** Date written to the attachment, the Info dictionary and the XMP packet; defaults to now. */
  modificationDate?: Date;
  /** Producer to state; by default the input's producer is kept. */
  producer?: string;
  /** Receives each processing step as it happens (for verbose logging). */
  onStep?: StepListener;
}

export interface CombineResult {
  pdf: Uint8Array;
  profile: InvoiceProfile;
  steps: string[];
}

/**
 * Embeds an invoice XML into a PDF and makes the result a PDF/A-3 e-invoice of the standard the XML
 * belongs to. Throws ZugferdError when the inputs cannot make one.
 */
export async function combine(
  pdf: Uint8Array,
  xml: Uint8Array,
  options: CombineOptions = {},
): Promise<CombineResult> {
  const log = new ProcessingLog(options.onStep);
  const modificationDate = options.modificationDate ?? new Date();
  try {
    const facts = readInvoiceXmlFacts(xml);
    log.step(
      `read XML: ${xml.length} bytes, root ${facts.rootElement}, guideline ${facts.guidelineId ?? '(none)'}`,
    );
    const profile = determineInvoiceProfile(facts);
    log.step(`detected ${profile.standard} profile ${profile.conformanceLevel}`);
    const document = await openPdf(pdf, log);
    const replaced = embedInvoiceXml(document, xml, profile, modificationDate);
    if (replaced.length > 0) log.step(`removed previous invoice attachment(s): ${replaced.join(', ')}`);
    log.step(`embedded ${profile.attachmentName} (text/xml, AFRelationship ${profile.relationship})`);
    writeDocumentMetadata(document, profile, modificationDate, options.producer, log);
    ensureOutputIntent(document, log);
    updateFileIdentifier(document, xml, modificationDate);
    if (dropLinearization(document, pdf)) log.step('removed linearization (the file is rewritten)');
    const output = await save(document);
    log.step(`wrote PDF: ${output.length} bytes`);
    return { pdf: output, profile, steps: log.steps };
  } catch (error) {
    throw failure(error, log);
  }
}

function save(document: PDFDocument): Promise<Uint8Array> {
  // Object streams are off: the library writes them very slowly for large files, and PDF/A-1 inputs forbid them.
  return document.save({
    useObjectStreams: false,
    addDefaultPage: false,
    updateFieldAppearances: false,
    objectsPerTick: Infinity,
  });
}
