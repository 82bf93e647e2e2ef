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

function addResponse(responses: Responses, status: string): void {
  responses[status] ??= { description: DESCRIPTIONS[status] };
}
