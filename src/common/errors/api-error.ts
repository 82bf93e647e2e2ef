/** Error codes of the one error body (decisions D2). */
export const ERROR_CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  412: 'precondition_failed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  428: 'precondition_required',
  429: 'rate_limited',
  500: 'server_error',
  503: 'service_unavailable',
};

/** What a 503 for a database that is away tells the client to wait: about the pools' connect timeout. */
const RETRY_AFTER_SECONDS = 2;

export interface FieldProblem {
  field: string;
  message: string;
}

/** At most this many field problems are listed in `info.fields`; `info.fieldsOmitted` counts the rest. */
export const FIELD_LIST_LIMIT = 50;

/** `info.fields` of a refusal: the first FIELD_LIST_LIMIT of `total` problems, and how many were left out. */
function fieldsInfo(fields: FieldProblem[], total = fields.length): Record<string, unknown> {
  const shown = fields.slice(0, FIELD_LIST_LIMIT);
  const omitted = Math.max(total, fields.length) - shown.length;
  return omitted > 0 ? { fields: shown, fieldsOmitted: omitted } : { fields: shown };
}

/**
 * An error a client is meant to see: rendered by the global filter as
 * `{error, error_description, info}`. Headers (WWW-Authenticate, Retry-After) ride along.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly info?: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }

  /** The one error body (D2): `error`, `error_description` and, when there is any, `info`. */
  body(): Record<string, unknown> {
    const body: Record<string, unknown> = { error: this.code, error_description: this.description };
    if (this.info !== undefined) body.info = this.info;
    return body;
  }

  /** `total`: how many problems there were, when `fields` lists only the first of them. */
  static badRequest(description: string, fields?: FieldProblem[], total?: number): ApiError {
    return new ApiError(400, 'invalid_request', description, fields ? fieldsInfo(fields, total) : undefined);
  }

  static notFound(description: string, info?: Record<string, unknown>): ApiError {
    return new ApiError(404, 'not_found', description, info);
  }

  static conflict(description: string, info?: Record<string, unknown>): ApiError {
    return new ApiError(409, 'conflict', description, info);
  }

  static unprocessable(
    description: string,
    fields?: FieldProblem[],
    info?: Record<string, unknown>,
  ): ApiError {
    return new ApiError(422, 'unprocessable', description, {
      ...(fields ? fieldsInfo(fields) : {}),
      ...info,
    });
  }

  /** D13: the database (or another dependency of the request) is away; the client retries later. */
  static databaseUnavailable(): ApiError {
    return new ApiError(
      503,
      'service_unavailable',
      'The database is not available at the moment; retry after the seconds in Retry-After.',
      { database: 'down' },
      { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    );
  }

  static forbidden(description: string): ApiError {
    return new ApiError(403, 'forbidden', description);
  }
}
