import { readExistingXmp } from './existing-metadata';
import { failure } from './failure';
import { chooseInvoiceAttachment, listAttachments, readAttachment } from './invoice-lookup';
import { openPdf } from './pdf-input';
import { ProcessingLog, StepListener } from './processing-log';

export interface ExtractOptions {
  /** Receives each processing step as it happens (for verbose logging). */
  onStep?: StepListener;
}

export interface ExtractResult {
  xml: Uint8Array;
  attachmentName: string;
  contentType: 'application/xml';
  steps: string[];
}

/** Returns the invoice XML embedded in an e-invoice PDF, byte for byte. Throws ZugferdError when there is none. */
export async function extract(pdf: Uint8Array, options: ExtractOptions = {}): Promise<ExtractResult> {
  const log = new ProcessingLog(options.onStep);
  try {
    const document = await openPdf(pdf, log);
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
    const xml = readAttachment(document.context, invoice);
    log.step(`extracted ${invoice.name}: ${xml.length} bytes`);
    return { xml, attachmentName: invoice.name, contentType: 'application/xml', steps: log.steps };
  } catch (error) {
    throw failure(error, log);
  }
}
