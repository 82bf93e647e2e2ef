import { failure } from './failure';
import { readInvoice } from './invoice-lookup';
import { extractLazily } from './lazy-extract';
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
    const lazy = extractLazily(pdf);
    lazy?.steps.forEach((step) => log.step(step));
    const { invoice, xml } = lazy ?? readInvoice(await openPdf(pdf, log), pdf, log);
    return { xml, attachmentName: invoice.name, contentType: 'application/xml', steps: log.steps };
  } catch (error) {
    throw failure(error, log);
  }
}
