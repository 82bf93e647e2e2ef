import { FoundInvoice, readInvoice } from './invoice-lookup';
import { openLazily } from './lazy-reader/lazy-pdf';
import { describeOpenedPdf } from './pdf-input';
import { ProcessingLog } from './processing-log';

/** An invoice found by the lazy reader, with the steps the full parse would have logged. */
interface LazyExtraction extends FoundInvoice {
  steps: string[];
}

/**
 * Extract's fast path: reads only the objects between the trailer and the invoice stream instead of
 * parsing every object. Returns undefined when anything is unusual, when there is no invoice, or when
 * reading fails, so that the full parse decides, and words the refusal, exactly as without this path.
 */
export function extractLazily(pdf: Uint8Array): LazyExtraction | undefined {
  try {
    const document = openLazily(pdf);
    const log = new ProcessingLog();
    log.step(describeOpenedPdf(document.version, pdf.length, document.pageCount, false));
    return { ...readInvoice(document, pdf, log), steps: log.steps };
  } catch {
    return undefined;
  }
}
