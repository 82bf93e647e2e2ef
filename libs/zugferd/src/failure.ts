import { ProcessingLog } from './processing-log';
import { ZugferdError } from './zugferd-error';

/** Turns whatever stopped a run into a ZugferdError whose steps end with the reason. */
export function failure(error: unknown, log: ProcessingLog): ZugferdError {
  if (error instanceof ZugferdError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const reason = message.charAt(0).toUpperCase() + message.slice(1);
  log.step(`failed: ${message}`);
  return new ZugferdError(reason, log.steps);
}
