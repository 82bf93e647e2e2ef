import { FoundInvoice, readInvoice } from '@app/zugferd/invoice-lookup';
import { openPdf } from '@app/zugferd/pdf-input';
import { ProcessingLog } from '@app/zugferd/processing-log';

/** Extract's original path only: pdf-lib parses every object (the reference the lazy reader must match). */
export async function extractByFullParse(pdf: Uint8Array): Promise<FoundInvoice & { steps: string[] }> {
  const log = new ProcessingLog();
  const found = readInvoice(await openPdf(pdf, log), pdf, log);
  return { ...found, steps: log.steps };
}
