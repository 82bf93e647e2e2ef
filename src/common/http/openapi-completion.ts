import type { OpenAPIObject } from '@nestjs/swagger';
import { ERROR_CODES, FIELD_LIST_LIMIT } from '../errors/api-error';
import { documentBodyRules } from './openapi-constraints';
import { addRequestExamples } from './openapi-examples';
import { nameOperations } from './openapi-operations';

type Operation = NonNullable<OpenAPIObject['paths'][string]['get']>;
type Responses = Operation['responses'];

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;
export const E_INVOICE_PATH = '/www/zugferd';
/** The e-invoice route's own error body covers these; authentication and rate limit answer D2. */
const E_INVOICE_BODY_STATUSES = ['400', '413', '415', '503'];

const DESCRIPTIONS: Record<string, string> = {
  '400':
    'The request is invalid: malformed JSON, a wrong type, a value too long, an unknown field or parameter.',
  '413':
    'The request body is larger than allowed for this endpoint, or holds more JSON values than any valid body of it.',
  '415': 'The body is not JSON, or not in UTF-8, ISO-8859-1 or windows-1252.',
  '500': 'An unexpected error; the X-Request-Id identifies it in the service log.',
  '503': 'The database is not available at the moment (D13); retry after the seconds in Retry-After.',
};

/** Liveness answers whatever the database does; every other operation may meet it away. */
const LIVENESS_PATH = '/health';

/** decisions D2: the one error body of every route but POST /www/zugferd. */
const ERROR_BODY = {
  type: 'object',
  required: ['error', 'error_description'],
  additionalProperties: false,
  properties: {
    error: { type: 'string', enum: [...new Set(Object.values(ERROR_CODES))], example: 'invalid_request' },
    error_description: { type: 'string', example: 'The request is invalid.' },
    info: {
      type: 'object',
      description: 'Details, e.g. `fields: [{field, message}]` listing the invalid fields.',
      additionalProperties: true,
      properties: {
        fields: {
          type: 'array',
          maxItems: FIELD_LIST_LIMIT,
          description: `The problems of the request, each with the path of its field: the first ${FIELD_LIST_LIMIT}.`,
          items: {
            type: 'object',
            required: ['field', 'message'],
            properties: { field: { type: 'string' }, message: { type: 'string' } },
          },
        },
        fieldsOmitted: {
          type: 'integer',
          minimum: 1,
          description: `How many problems there are beyond the ${FIELD_LIST_LIMIT} in \`fields\` (absent when none).`,
        },
      },
    },
  },
};

/**
 * What every operation of the document says beyond its decorators, written once here: operations
 * without authentication say so (`security: []`), every request body can be refused with 400, 413
 * and 415, every operation can fail with 500 and (but liveness) with 503, and every error response
 * names its body (D2, or the e-invoice route's own); operations get their ids and links
 * (openapi-operations.ts). Schemas stay with their DTOs; the rules of the body classes are added
 * (openapi-constraints.ts).
 */
export function completeDocument(document: OpenAPIObject): OpenAPIObject {
  document.components ??= {};
  document.components.schemas ??= {};
  document.components.schemas.ErrorBody = ERROR_BODY as never;
  document.servers = [{ url: '/' }];
  nameOperations(document);
  documentBodyRules(document);
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      operation.security ??= [];
      addRequestExamples(operation, document.components.schemas as never);
      if (operation.requestBody !== undefined)
        for (const status of ['400', '413', '415']) addResponse(operation.responses, status);
      if ((operation.parameters ?? []).length > 0 || path.includes('{'))
        addResponse(operation.responses, '400');
      addResponse(operation.responses, '500');
      if (method === 'get' && operation.responses['304'] !== undefined)
        documentEntityTag(operation.responses);
      if (operation.responses['429'] !== undefined) documentRateLimitFields(operation.responses);
      if (path !== LIVENESS_PATH) addResponse(operation.responses, '503');
      for (const [status, response] of Object.entries(operation.responses)) {
        if (response === undefined || Number(status) < 400 || '$ref' in response) continue;
        const own = path === E_INVOICE_PATH && E_INVOICE_BODY_STATUSES.includes(status);
        response.content = {
          'application/json': {
            schema: { $ref: `#/components/schemas/${own ? 'ZugferdErrorDto' : 'ErrorBody'}` },
          },
        };
      }
    }
  }
  return document;
}

/** A read answering 304 names its validator: the ETag of its 200 (and of the 304 itself). */
function documentEntityTag(responses: Responses): void {
  for (const status of ['200', '304']) {
    const response = responses[status];
    if (response === undefined || '$ref' in response) continue;
    response.headers = {
      ...response.headers,
      ETag: {
        description:
          'Strong entity tag of the representation (RFC 9110 8.8.3): it changes whenever the answer would; send it in If-None-Match (304) or, for a write of the resource, in If-Match.',
        schema: { type: 'string', example: '"3q2-7w0IuDaHqXWZXGKs1Q7lLB0EPsvB"' },
      },
    };
  }
}

/** draft-ietf-httpapi-ratelimit-headers-12, as every answer of a rate-limited operation carries them. */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': {
    description:
      'The quota policies that counted this request (Structured Field list): `"name";q=<quota>;w=<window seconds>`, ' +
      'e.g. `"user";q=6000;w=60`. Policies: `user` (requests per user and minute), `anonymous` (requests without a ' +
      'valid token per client address), `orderings` (new article orderings per user), and at POST /www/token ' +
      '`logins`, `failed-logins` (per account and address) and `failed-logins-address`.',
    schema: { type: 'string', example: '"user";q=6000;w=60' },
  },
  RateLimit: {
    description:
      'The state of each policy of RateLimit-Policy, in the same order: `"name";r=<remaining>;t=<seconds until it resets>`.',
    schema: { type: 'string', example: '"user";r=5999;t=42' },
  },
};
const RETRY_AFTER_HEADER = {
  description: 'Seconds to wait before the next request.',
  schema: { type: 'integer', minimum: 1 },
};

/** Rate-limited operations: every answer names its policies and their state; a 429 when to retry. */
function documentRateLimitFields(responses: Responses): void {
  for (const [status, response] of Object.entries(responses)) {
    if (response === undefined || '$ref' in response) continue;
    response.headers = {
      ...response.headers,
      ...RATE_LIMIT_HEADERS,
      ...(status === '429' ? { 'Retry-After': RETRY_AFTER_HEADER } : {}),
    };
  }
}

function addResponse(responses: Responses, status: string): void {
  responses[status] ??= { description: DESCRIPTIONS[status] };
}
