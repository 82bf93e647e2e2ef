import fc from 'fast-check';

/** The parts of an OpenAPI 3 document the fuzzer reads. */
export interface SchemaObject {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  maxLength?: number;
  properties?: Record<string, SchemaObject>;
  items?: SchemaObject;
  allOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  nullable?: boolean;
  example?: unknown;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: SchemaObject;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, SchemaObject> };
}

/** One generated request. */
export interface FuzzRequest {
  method: string;
  /** The documented path, e.g. /www/kunden/{DebiNr}. */
  operation: string;
  url: string;
  /** A JSON value, or raw text that is meant to be broken. */
  body?: { json: unknown } | { raw: string; contentType: string };
}

/** Strings an attacker tries: names of Object's properties, SQL and path syntax, controls, umlauts, length. */
const hostileStrings = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  '',
  ' ',
  'ÄÖÜäöüß€',
  '\u0000',
  '\uFFFF\uD800',
  '\'; DROP TABLE "Auftrag"; --',
  '" OR 1=1 --',
  '../../../etc/passwd',
  '%00',
  '%',
  '{"a":1}',
  '-1',
  '0',
  '1e309',
  '9'.repeat(40),
  'x'.repeat(300),
  '😀'.repeat(20),
];

const anyString = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.string({ maxLength: 40 }),
  fc.string({ maxLength: 20, unit: 'grapheme' }),
);

const anyNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(-1, 0, 1, 2 ** 31, 2 ** 53 + 1, 1e308, -0.0001, 0.005),
);

/** A value of the wrong kind for whatever the schema expects. */
const wrongKind: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  anyNumber,
  anyString,
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('constructor', '__proto__', 'x', 'prototype'), fc.integer(), { maxKeys: 2 }),
);

/**
 * Arbitraries for requests that follow an OpenAPI document more or less: mostly well-formed values
 * of the documented shapes (so requests get past the first checks and reach the service's logic),
 * mixed with wrong types, unknown and prototype keys, hostile strings, over-long values, missing
 * fields, broken JSON and odd content types.
 */
export class OpenApiFuzzer {
  constructor(private readonly document: OpenApiDocument) {}

  request(operations: [method: string, path: string][]): fc.Arbitrary<FuzzRequest> {
    return fc.constantFrom(...operations).chain(([method, path]) => this.requestFor(method, path));
  }

  private requestFor(method: string, path: string): fc.Arbitrary<FuzzRequest> {
    const operation = this.document.paths[path][method];
    const parameters = operation.parameters ?? [];
    const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
    const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
    const pathValues = fc.tuple(...pathParameters.map((parameter) => this.scalar(parameter.schema)));
    const query = fc
      .tuple(
        fc.subarray(queryParameters),
        fc.dictionary(fc.constantFrom('limit', 'offset', 'x', 'constructor', 'sorts', 'fields'), anyString, {
          maxKeys: 2,
        }),
      )
      .chain(([chosen, extra]) =>
        fc
          .tuple(
            ...chosen.map((parameter) =>
              this.scalar(parameter.schema).map((value) => [parameter.name, value] as const),
            ),
          )
          .map((pairs) => [...pairs, ...Object.entries(extra)] as (readonly [string, unknown])[]),
      );
    const schema = operation.requestBody?.content?.['application/json']?.schema;
    const body: fc.Arbitrary<FuzzRequest['body']> = schema
      ? fc.oneof(
          { weight: 8, arbitrary: this.value(schema, 0).map((json) => ({ json })) },
          { weight: 1, arbitrary: wrongKind.map((json) => ({ json })) },
          {
            weight: 1,
            arbitrary: fc
              .oneof(
                fc.constantFrom(
                  '{"a":',
                  '[',
                  '{"a":1}}',
                  '\u00ff\u00fe',
                  'null',
                  '"x"',
                  '[[[[[[[[[[[[[[[[[[[[[[[['.repeat(300),
                ),
                fc.string({ maxLength: 30 }),
              )
              .chain((raw) =>
                fc
                  .constantFrom(
                    'application/json',
                    'application/json; charset=ebcdic',
                    'application/json; charset=iso-8859-1',
                    'text/plain',
                    'application/xml',
                  )
                  .map((contentType) => ({ raw, contentType })),
              ),
          },
        )
      : fc.constant(undefined);
    return fc.tuple(pathValues, query, body).map(([values, pairs, generatedBody]) => {
      let url = path;
      pathParameters.forEach((parameter, index) => {
        url = url.replace(`{${parameter.name}}`, pathSegment(String(values[index])));
      });
      const search = new URLSearchParams(
        pairs.map(([name, value]): [string, string] => [name, String(value)]),
      ).toString();
      return {
        method,
        operation: path,
        url: search === '' ? url : `${url}?${search}`,
        ...(generatedBody === undefined ? {} : { body: generatedBody }),
      };
    });
  }

  /** A path or query value: mostly of the documented type, sometimes anything. */
  private scalar(schema: SchemaObject | undefined): fc.Arbitrary<unknown> {
    const resolved = this.resolve(schema ?? {});
    const typed =
      resolved.enum !== undefined
        ? fc.constantFrom(...resolved.enum)
        : resolved.type === 'integer' || resolved.type === 'number'
          ? anyNumber
          : resolved.type === 'boolean'
            ? fc.boolean()
            : this.stringOf(resolved);
    return fc.oneof({ weight: 4, arbitrary: typed }, { weight: 1, arbitrary: anyString });
  }

  private stringOf(schema: SchemaObject): fc.Arbitrary<string> {
    const max = schema.maxLength ?? 40;
    return fc.oneof(
      { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: Math.min(max, 40) }) },
      { weight: 2, arbitrary: fc.constantFrom(...hostileStrings) },
      // Exactly at and just over the documented length.
      { weight: 1, arbitrary: fc.constantFrom('ä'.repeat(max), 'ä'.repeat(max + 1)) },
    );
  }

  /** A JSON value for a schema: usually its shape, sometimes the wrong kind; objects get odd keys too. */
  private value(schema: SchemaObject, depth: number): fc.Arbitrary<unknown> {
    const resolved = this.resolve(schema);
    if (depth > 4) return fc.constant(null);
    const shaped = this.shaped(resolved, depth);
    // The documented example (a valid value) often, so that requests get past validation to the logic.
    const example =
      resolved.example !== undefined && typeof resolved.example !== 'object'
        ? fc.constant(resolved.example)
        : shaped;
    return fc.oneof(
      { weight: 6, arbitrary: example },
      { weight: 4, arbitrary: shaped },
      { weight: 1, arbitrary: wrongKind },
    );
  }

  private shaped(schema: SchemaObject, depth: number): fc.Arbitrary<unknown> {
    if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
    const variants = schema.oneOf ?? schema.anyOf;
    if (variants !== undefined) return fc.oneof(...variants.map((variant) => this.value(variant, depth + 1)));
    switch (schema.type) {
      case 'integer':
      case 'number':
        return anyNumber;
      case 'boolean':
        return fc.boolean();
      case 'string':
        return this.stringOf(schema);
      case 'array':
        return fc.array(this.value(schema.items ?? {}, depth + 1), { maxLength: 4 });
      default: {
        const properties = schema.properties ?? {};
        const known = fc.record(
          Object.fromEntries(
            Object.entries(properties).map(([name, property]) => [name, this.value(property, depth + 1)]),
          ),
          { requiredKeys: [] },
        );
        const extra = fc.dictionary(
          fc.constantFrom('constructor', '__proto__', 'Unbekannt', 'prototype'),
          anyString,
          {
            maxKeys: 1,
          },
        );
        return fc
          .tuple(known, fc.oneof({ weight: 5, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extra }))
          .map(([values, odd]) => {
            const object: Record<string, unknown> = { ...values };
            // defineProperty, so that "__proto__" becomes a key of the JSON text, not the prototype.
            for (const [key, value] of Object.entries(odd))
              Object.defineProperty(object, key, {
                value,
                enumerable: true,
                writable: true,
                configurable: true,
              });
            return object;
          });
      }
    }
  }

  private resolve(schema: SchemaObject): SchemaObject {
    let current = schema;
    for (let hops = 0; current.$ref !== undefined && hops < 10; hops++) {
      const name = current.$ref.split('/').pop() as string;
      current = this.document.components?.schemas?.[name] ?? {};
    }
    if (current.allOf !== undefined && current.allOf.length > 0)
      return current.allOf.reduce<SchemaObject>((merged, part) => {
        const resolved = this.resolve(part);
        return { ...merged, ...resolved, properties: { ...merged.properties, ...resolved.properties } };
      }, {});
    return current;
  }
}

/** A path segment; a lone surrogate (no UTF-8 form) goes out as the bytes of one: invalid UTF-8. */
function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80`;
  }
}
