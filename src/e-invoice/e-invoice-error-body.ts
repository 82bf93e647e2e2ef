import type { ApiError } from '../common/errors/api-error';

/**
 * POST /www/zugferd answers its own documented body (the spec's Errors table) rather than D2, for
 * everything about the request itself (parse, charset, media type, size, time); authentication,
 * role and rate limit answer as on every route. An error raised before the job had steps or work
 * files says so in its step.
 */
export function eInvoiceErrorBody(error: ApiError): Record<string, unknown> | null {
  if (error.code === 'endpoint') return error.body();
  if (![400, 408, 413, 415].includes(error.status)) return null;
  return {
    error: 'endpoint',
    error_description: error.description,
    info: { filename: 'input.pdf', subprocess_output: [`failed: ${error.description}`] },
  };
}
