import type { OpenAPIObject } from '@nestjs/swagger';

type Schema = Record<string, unknown> & {
  $ref?: string;
  example?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};

const MAX_DEPTH = 8;

/**
 * The example value of a schema as a client would fill a form from the document: a property's
 * own `example`; of an object its required properties and the optional ones that carry an
 * example; of an array one item; else the first enum value or the default. What has none of
 * these is left out (undefined).
 */
export function exampleOf(schema: Schema, schemas: Record<string, Schema>, depth = 0): unknown {
  if (depth > MAX_DEPTH) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (schema.$ref !== undefined) {
    const target = schemas[schema.$ref.split('/').pop() ?? ''];
    return target === undefined ? undefined : exampleOf(target, schemas, depth + 1);
  }
  if (schema.properties !== undefined) {
    const value: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(schema.properties)) {
      const wanted = (schema.required ?? []).includes(name) || property.example !== undefined;
      const example = wanted ? exampleOf(property, schemas, depth + 1) : undefined;
      if (example !== undefined) value[name] = example;
    }
    return value;
  }
  const branches = schema.allOf ?? schema.anyOf ?? schema.oneOf;
  if (branches !== undefined && branches.length > 0) return exampleOf(branches[0], schemas, depth + 1);
  if (schema.type === 'array' && schema.items !== undefined) {
    const item = exampleOf(schema.items, schemas, depth + 1);
    return item === undefined ? undefined : [item];
  }
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  return schema.default;
}

type Operation = NonNullable<OpenAPIObject['paths'][string]['get']>;

/**
 * Every JSON request body gets the example built from its properties' examples, so that Swagger
 * UI's "Try it out" starts from a request the service accepts (test/openapi-examples.e2e-spec.ts
 * sends each of them to a fresh demo service).
 */
export function addRequestExamples(operation: Operation, schemas: Record<string, Schema>): void {
  const body = operation.requestBody;
  if (body === undefined || '$ref' in body) return;
  const media = body.content['application/json'];
  if (media?.schema === undefined || media.example !== undefined) return;
  const example = exampleOf(media.schema as Schema, schemas);
  if (example !== undefined) media.example = example;
}
