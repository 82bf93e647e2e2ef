import type { MessagePort } from 'node:worker_threads';
import { combine, extract, ZugferdError } from '@app/zugferd';

/** One e-invoice job as the pool hands it to a worker thread. */
export interface ZugferdTask {
  operation: 'Combine' | 'Extract';
  pdf: Uint8Array;
  xml?: Uint8Array;
  /** Told when this worker takes the job up: the pool's time limit starts then. */
  started?: MessagePort;
}

/** What a worker answers: the file, or the refusal; the processing steps either way. */
export type ZugferdOutcome =
  | {
      ok: true;
      content: Uint8Array;
      contentType: 'application/pdf' | 'application/xml';
      fileName: string;
      steps: string[];
    }
  | { ok: false; reason: string; steps: string[] };

/**
 * Runs in a worker thread of ZugferdPool: the PDF library's work never blocks the event loop,
 * and a job that runs too long or grows too large ends with its thread. Errors other than a
 * ZugferdError (a bug) are thrown, so the pool logs them as such.
 */
export default async function runZugferdTask(task: ZugferdTask): Promise<ZugferdOutcome> {
  task.started?.postMessage('started');
  try {
    if (task.operation === 'Combine') {
      const result = await combine(task.pdf, task.xml ?? new Uint8Array());
      return {
        ok: true,
        content: result.pdf,
        contentType: 'application/pdf',
        fileName: 'invoice.pdf',
        steps: result.steps,
      };
    }
    const result = await extract(task.pdf);
    return {
      ok: true,
      content: result.xml,
      contentType: result.contentType,
      fileName: result.attachmentName,
      steps: result.steps,
    };
  } catch (error) {
    if (error instanceof ZugferdError) return { ok: false, reason: error.reason, steps: error.steps };
    throw error;
  }
}
