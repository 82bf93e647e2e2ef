import Ajv, { ValidateFunction } from 'ajv';
import Decimal from 'decimal.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough, Readable } from 'node:stream';

interface MediaType {
  schema?: object;
}
interface Response {
  content?: Record<string, MediaType>;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: object;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, MediaType> };
  responses: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: object;
}

const DECIMAL_MULTIPLE_OF = 'x-decimal-multiple-of';

/**
 * `multipleOf` in decimal: the number's shortest text divided by the step is whole, or off it only
 * by a client's floating-point noise (a few units in the last place, as the service forgives).
 */
function decimalMultipleOf(step: number, value: unknown): boolean {
  if (typeof value !== 'number' || !Number.isFinite(value)) return true;
  const exact = new Decimal(String(value));
  const nearest = exact.div(String(step)).round().mul(String(step));
  return nearest
    .minus(exact)
    .abs()
    .lte(Number.EPSILON * Math.max(1, Math.abs(value)) * 4);
}

function withDecimalMultipleOf(ajv: Ajv): Ajv {
  return ajv.addKeyword({
    keyword: DECIMAL_MULTIPLE_OF,
    type: 'number',
    schemaType: 'number',
    validate: decimalMultipleOf,
    error: { message: ({ schema }) => `must be multiple of ${String(schema)}` },
  });
}

/**
 * An OpenAPI 3.0 schema as JSON Schema for ajv: `#/components/...` as a reference into the document
 * registered under the id "openapi", `nullable: true` as OpenAPI 3.0.3 defines it, null added to
 * the schema's own `type` (and `enum`) only, so `allOf: [{$ref}]` beside it still refuses null, as a
 * validating proxy does, 3.0's boolean `exclusiveMinimum` as the bound it makes of `minimum`, and
 * `multipleOf` as the decimal keyword below (a JSON number is decimal text: 9999.9999 is a multiple
 * of 0.0001, which ajv's binary quotient, off by 1e-8 there, denies).
 */
function rebase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebase);
  if (value === null || typeof value !== 'object') return value;
  const { nullable, ...own } = value as Record<string, unknown>;
  const rest =
    own.exclusiveMinimum === true
      ? { ...own, exclusiveMinimum: own.minimum, minimum: undefined }
      : own.exclusiveMinimum === false
        ? { ...own, exclusiveMinimum: undefined }
        : own;
  const schema = Object.fromEntries(
    Object.entries(rest)
      .filter(([, inner]) => inner !== undefined)
      .map(([key, inner]) => [
        key === 'multipleOf' ? DECIMAL_MULTIPLE_OF : key,
        key === '$ref' && typeof inner === 'string' && inner.startsWith('#/')
          ? `openapi${inner}`
          : rebase(inner),
      ]),
  );
  if (nullable !== true || typeof schema.type !== 'string') return schema;
  const orNull = { ...schema, type: [schema.type, 'null'] };
  return Array.isArray(schema.enum) ? { ...orNull, enum: [...(schema.enum as unknown[]), null] } : orNull;
}

/**
 * Checks real traffic against the OpenAPI document: every request the service accepted (2xx)
 * against the parameters and request body of its operation, and every response against the
 * documented statuses, media types and schemas. What does not match is a drift of the document.
 */
export class OpenApiContract {
  private readonly ajv = withDecimalMultipleOf(
    new Ajv({ strict: false, allErrors: true, validateFormats: false }),
  );
  /** Query values arrive as strings: this one coerces them to the documented types. */
  private readonly coercing = withDecimalMultipleOf(
    new Ajv({ strict: false, allErrors: true, validateFormats: false, coerceTypes: true }),
  );
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: Document) {
    const components = rebase({ components: document.components }) as object;
    this.ajv.addSchema(components, 'openapi');
    this.coercing.addSchema(components, 'openapi');
  }

  /** Problems of one exchange; `route` is Fastify's pattern (`/www/kunden/:DebiNr`). */
  check(exchange: {
    method: string;
    route: string;
    query: Record<string, unknown>;
    requestBody: unknown;
    status: number;
    contentType: string;
    responseBody: Buffer | undefined;
  }): string[] {
    const path = exchange.route.replace(/:(\w+)/g, '{$1}');
    const method = exchange.method.toLowerCase();
    const where = `${exchange.method} ${path} ${exchange.status}`;
    const operation = this.document.paths[path]?.[method];
    if (operation === undefined) return [`${where}: the operation is not documented`];
    const problems: string[] = [];
    if (exchange.status < 300) problems.push(...this.checkRequest(operation, exchange, where));
    const response = operation.responses[String(exchange.status)] ?? operation.responses.default;
    if (response === undefined) return [...problems, `${where}: the status is not documented`];
    // 204 and 304 carry no body on the wire, whatever the handler returned.
    const body = [204, 304].includes(exchange.status) ? undefined : exchange.responseBody;
    if (body === undefined || body.length === 0) return problems;
    const mediaType = exchange.contentType.split(';')[0].trim().toLowerCase();
    const documented =
      response.content?.[mediaType] ??
      response.content?.[`${mediaType.split('/')[0]}/*`] ??
      response.content?.['*/*'];
    if (documented === undefined)
      return [
        ...problems,
        `${where}: ${mediaType || 'a body without Content-Type'} is not documented (${body.length} bytes: ${body.subarray(0, 40).toString('latin1')})`,
      ];
    if (documented.schema === undefined || !mediaType.includes('json')) return problems;
    const charset = /charset=([^;]+)/i.exec(exchange.contentType)?.[1]?.toLowerCase();
    const json = JSON.parse(body.toString(charset === 'iso-8859-1' ? 'latin1' : 'utf8')) as unknown;
    return [...problems, ...this.validate(`${where} response`, documented.schema, json)];
  }

  private checkRequest(
    operation: Operation,
    exchange: { query: Record<string, unknown>; requestBody: unknown },
    where: string,
  ): string[] {
    const problems: string[] = [];
    const parameters = new Map(
      (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p]),
    );
    // Operations without query parameters (health, metrics) ignore any; those with some refuse unknown ones.
    for (const [name, value] of parameters.size === 0 ? [] : Object.entries(exchange.query)) {
      const parameter = parameters.get(name);
      if (parameter === undefined) {
        problems.push(`${where}: query parameter ${name} was accepted but is not documented`);
        continue;
      }
      if (parameter.schema !== undefined)
        problems.push(...this.validate(`${where} query ${name}`, parameter.schema, value, true));
    }
    const schema = operation.requestBody?.content?.['application/json']?.schema;
    if (exchange.requestBody !== undefined && exchange.requestBody !== null) {
      if (schema === undefined) problems.push(`${where}: a request body was accepted but is not documented`);
      else problems.push(...this.validate(`${where} request body`, schema, exchange.requestBody));
    }
    return problems;
  }

  private validate(where: string, schema: object, value: unknown, coerce = false): string[] {
    const key = JSON.stringify([schema, coerce]);
    let validate = this.compiled.get(key);
    if (validate === undefined) {
      validate = (coerce ? this.coercing : this.ajv).compile(rebase(schema) as object);
      this.compiled.set(key, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (error) =>
        `${where}: ${error.instancePath.replace(/\/\d+/g, '/*') || '(root)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
    );
  }
}

/**
 * Installs the check on a test app: every exchange is checked against the app's own /docs-json;
 * `problems` collects what does not match (the test app's close() fails on them).
 */
export function watchContract(fastify: FastifyInstance, problems: string[], checked: string[] = []): void {
  let contract: Promise<OpenApiContract> | undefined;
  const load = async () =>
    new OpenApiContract((await fastify.inject({ method: 'GET', url: '/docs-json' })).json<Document>());
  fastify.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const route = req.routeOptions.url;
    if (route === undefined || route.startsWith('/docs') || req.method === 'HEAD') return payload;
    // The method check answers 405 before any operation runs, also where Fastify matched another
    // route's parameter (GET /www/auftrag/kalkulation is not GET /www/auftrag/{AuftNr}).
    if (reply.statusCode === 405) return payload;
    contract ??= load();
    const exchange = {
      method: req.method,
      route,
      query: { ...(req.query as Record<string, unknown>) },
      requestBody: req.body,
      status: reply.statusCode,
      contentType: String(reply.getHeader('content-type') ?? ''),
    };
    const check = async (body: Buffer | undefined) => {
      checked.push(
        `${req.method} ${route} ${reply.statusCode}${exchange.status < 300 && req.body !== undefined ? ' +request' : ''}`,
      );
      try {
        problems.push(...(await contract!).check({ ...exchange, responseBody: body }));
      } catch (error) {
        problems.push(`${req.method} ${route}: the check failed: ${String(error)}`);
      }
    };
    if (payload instanceof Readable) {
      // Streams (the article list) are checked once they have ended, without holding them up.
      const chunks: Buffer[] = [];
      const copy = new PassThrough();
      copy.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
      copy.on('end', () => void check(Buffer.concat(chunks)));
      return payload.pipe(copy);
    }
    await check(
      payload === undefined || payload === null
        ? undefined
        : Buffer.isBuffer(payload)
          ? payload
          : Buffer.from(String(payload), 'utf8'),
    );
    return payload;
  });
}
