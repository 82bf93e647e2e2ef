import type { components } from './generated/schema';

/** The error body of every route (decisions D2 of the service). */
export type ErrorBody = components['schemas']['ErrorBody'];
/** The e-invoice route's own error body (`error: "endpoint"`, `info.subprocess_output`). */
export type EInvoiceErrorBody = components['schemas']['ZugferdErrorDto'];
/** One problem of a request: the path of the field (`Positionen[0].Menge`) and what is wrong. */
export type FieldError = NonNullable<NonNullable<ErrorBody['info']>['fields']>[number];

/**
 * An error answer of the service: its status, the `error` code (`invalid_request`, `not_found`,
 * `unprocessable`, ...; `http_<status>` when the body is not the service's), the
 * `error_description` as the message, the invalid fields and the whole body.
 */
export class ErpApiError extends Error {
  override readonly name = 'ErpApiError';
  readonly code: string;
  /** `info.fields`: every invalid field of the request (empty when the error is not about fields). */
  readonly fields: FieldError[];
  /** `info` as the service sent it (`mismatch`, `AuftNr`, `count`, `allowed`, `subprocess_output`, ...). */
  readonly info: Record<string, unknown>;
  /** The service's request id, to quote when reporting a problem. */
  readonly requestId: string | null;
  /** `Retry-After` as sent (seconds or an HTTP date): on 429 and 503 once the client gave up retrying. */
  readonly retryAfter: string | null;

  constructor(
    readonly status: number,
    readonly body: ErrorBody | EInvoiceErrorBody | undefined,
    headers: Headers,
  ) {
    super(body?.error_description ?? `The service answered HTTP ${status}.`);
    this.code = body?.error ?? `http_${status}`;
    this.info = (body?.info ?? {}) as Record<string, unknown>;
    const fields = (this.info as { fields?: unknown }).fields;
    this.fields = Array.isArray(fields) ? (fields as FieldError[]) : [];
    this.requestId = headers.get('x-request-id');
    this.retryAfter = headers.get('retry-after');
  }

  /** The error of an answer whose body was parsed already (JSON, else text). */
  static of(response: Response, parsed: unknown): ErpApiError {
    return new ErpApiError(response.status, isErrorBody(parsed) ? parsed : undefined, response.headers);
  }
}

function isErrorBody(value: unknown): value is ErrorBody | EInvoiceErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { error?: unknown }).error === 'string' &&
    typeof (value as { error_description?: unknown }).error_description === 'string'
  );
}
