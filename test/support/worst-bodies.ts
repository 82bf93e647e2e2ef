/**
 * The bodies a client can make as expensive as its byte limit allows, for every operation of the
 * OpenAPI document that takes a JSON body: so a new route gets its worst bodies without a line
 * here. Shared by test/body-bounds.e2e-spec.ts (answers) and bench/hostile-bodies.ts (/health).
 */

interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  maxItems?: number;
  enum?: unknown[];
  allOf?: Schema[];
  anyOf?: Schema[];
}

interface Operation {
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string; example?: unknown; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface BodyRoute {
  /** `POST /www/auftrag`, as the document names it. */
  operation: string;
  method: string;
  /** The path with its parameters filled in. */
  url: string;
  auth: 'bearer' | 'basic' | 'none';
  /** The object schema of the body, when it names its fields. */
  schema: Schema | undefined;
  /** Array fields of the body: their path (`Positionen`, `GrundDaten.x`) and schema. */
  arrays: { path: string[]; schema: Schema }[];
  /** Object fields of the body (one level), for unknown keys below the top. */
  objects: string[][];
  /** The most values a valid body can hold by its schema (every field, every array full). */
  maxValues: number;
}

export interface WorstBody {
  route: BodyRoute;
  kind: string;
  body: string;
  /** 413 for a body over a values budget, 400 for one the DTO's shape refuses. */
  status: 400 | 413;
  /** For a 400: a field problem the answer must list. */
  problem?: { field: string; message: string };
  /** For a 400: how many problems there are in all. */
  problems?: number;
  /** For a 413 by the DTO's shape: the values a valid body can hold, which the answer names. */
  maxValues?: number;
  /** For a 400 without field list: its error_description. */
  description?: string;
}

/** Keys an object of any body may have (src/common/http/json-values.ts). */
export const MAX_KEYS = 100;
const TOO_MANY_KEYS = `An object of the request body has more than ${MAX_KEYS} keys.`;

const METHODS = ['post', 'put', 'patch', 'delete'];

function resolve(document: OpenApiDocument, schema: Schema | undefined): Schema | undefined {
  if (schema === undefined) return undefined;
  if (schema.$ref) return resolve(document, document.components?.schemas?.[schema.$ref.split('/').pop()!]);
  if (schema.allOf?.length === 1) return resolve(document, schema.allOf[0]);
  // "X or null" (an optional nested object): X.
  const values = schema.anyOf?.filter((branch) => !(branch.enum?.length === 1 && branch.enum[0] === null));
  if (values?.length === 1) return resolve(document, values[0]);
  return schema;
}

/** Every operation with a JSON request body, with what its schema says about arrays and objects. */
export function bodyRoutes(document: OpenApiDocument): BodyRoute[] {
  const routes: BodyRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.includes(method)) continue;
      const content = operation.requestBody?.content?.['application/json'];
      if (content === undefined) continue;
      const schema = resolve(document, content.schema);
      const arrays: BodyRoute['arrays'] = [];
      const objects: string[][] = [];
      const walk = (s: Schema | undefined, at: string[]): void => {
        for (const [name, inner] of Object.entries(s?.properties ?? {})) {
          const field = resolve(document, inner);
          if (field?.type === 'array') arrays.push({ path: [...at, name], schema: field });
          else if (field?.properties && at.length < 3) {
            objects.push([...at, name]);
            walk(field, [...at, name]);
          }
        }
      };
      walk(schema, []);
      const security = operation.security ?? [];
      const auth = security.some((s) => 'bearer' in s)
        ? 'bearer'
        : security.some((s) => 'basic' in s)
          ? 'basic'
          : 'none';
      const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
        const parameter = operation.parameters?.find((p) => p.in === 'path' && p.name === name);
        return encodeURIComponent(String(parameter?.example ?? '1'));
      });
      const valuesOf = (s: Schema | undefined, depth: number): number => {
        let total = 1;
        for (const inner of Object.values(s?.properties ?? {})) {
          const field = resolve(document, inner);
          if (field?.type === 'array')
            total += 1 + (field.maxItems ?? Infinity) * valuesOf(resolve(document, field.items), depth + 1);
          else total += field?.properties && depth < 4 ? valuesOf(field, depth + 1) : 1;
        }
        return total;
      };
      routes.push({
        maxValues: valuesOf(schema, 0),
        operation: `${method.toUpperCase()} ${path}`,
        method,
        url,
        auth,
        schema: schema?.properties ? schema : undefined,
        arrays,
        objects: objects.filter((o) => o.length === 1),
      });
    }
  return routes;
}

/** `{"a":{"b": inner}}` for the path a.b, as text. */
function nest(path: string[], inner: string): string {
  return path.reduceRight((text, key) => `{${JSON.stringify(key)}:${text}}`, inner);
}

/** `count` copies of `item` as a JSON array. */
const repeated = (item: string, count: number): string => `[${Array(count).fill(item).join(',')}]`;

/** How many copies of `item` fit into `bytes` inside an array at `path`. */
const fitting = (item: string, path: string[], bytes: number): number =>
  Math.floor((bytes - nest(path, '[]').length) / (item.length + 1));

/** An object of `count` keys no DTO has (`x0000001`, ...), each with the value 0. */
function unknownKeys(count: number): string {
  const keys = Array.from({ length: count }, (_, i) => `"x${String(i).padStart(7, '0')}":0`);
  return `{${keys.join(',')}}`;
}

/** The smallest item of an array's schema: an object, else its first enumerated value, else 0. */
function smallestItem(schema: Schema, document: OpenApiDocument): string {
  const items = resolve(document, schema.items);
  if (items?.properties || items?.type === 'object') return '{}';
  if (items?.enum?.length) return JSON.stringify(items.enum[0]);
  return items?.type === 'string' ? '""' : '0';
}

/**
 * The worst bodies of one route within `limitBytes`: a flood of values, a flood of keys, each
 * array as long as the bytes allow (all three over any values budget: 413), and where the schema
 * names fields, each array one item over its maxItems, and unknown keys at the top and in each
 * object field, as many as a valid body has values (400 naming them, the list capped) and one
 * more (413).
 */
export function worstBodies(route: BodyRoute, document: OpenApiDocument, limitBytes: number): WorstBody[] {
  const room = limitBytes - 64;
  const bodies: WorstBody[] = [
    { route, kind: 'values', body: repeated('0', fitting('0', [], room)), status: 413 },
    // POST /www/zugferd's budget of 16 values runs out before an object's 100 keys.
    route.operation === 'POST /www/zugferd'
      ? { route, kind: 'keys', body: unknownKeys(Math.floor(room / 13)), status: 413 }
      : {
          route,
          kind: 'keys',
          body: unknownKeys(Math.floor(room / 13)),
          status: 400,
          description: TOO_MANY_KEYS,
        },
  ];
  for (const { path, schema } of route.arrays) {
    const item = smallestItem(schema, document);
    const name = path.join('.');
    bodies.push({
      route,
      kind: `array ${name}`,
      body: nest(path, repeated(item, fitting(item, path, room))),
      status: 413,
    });
    if (schema.maxItems === undefined) continue;
    bodies.push({
      route,
      kind: `array ${name} over maxItems`,
      body: nest(path, repeated(item, schema.maxItems + 1)),
      status: 400,
      problem: {
        field: name,
        message: `${path[path.length - 1]} must contain no more than ${schema.maxItems} elements`,
      },
      problems: 1,
    });
  }
  if (route.schema && route.operation !== 'POST /www/zugferd' && Number.isFinite(route.maxValues)) {
    bodies.push({
      route,
      kind: `${route.maxValues} values under an unknown key`,
      body: `{"x0000000":${repeated('0', route.maxValues)}}`,
      status: 413,
      maxValues: route.maxValues,
    });
    for (const path of [[], ...route.objects]) {
      const prefix = path.length > 0 ? `${path.join('.')}.` : '';
      const where = path.length > 0 ? ` in ${path.join('.')}` : '';
      // As many keys as a valid body may hold values (the body's objects and this one count too).
      const room = route.maxValues - path.length - 1;
      const keys = Math.min(room, MAX_KEYS);
      bodies.push(
        {
          route,
          kind: `${keys} unknown keys${where}`,
          body: nest(path, unknownKeys(keys)),
          status: 400,
          problem: { field: `${prefix}x0000000`, message: 'property x0000000 should not exist' },
          problems: keys,
        },
        keys < MAX_KEYS
          ? {
              route,
              kind: `${keys + 1} unknown keys${where}`,
              body: nest(path, unknownKeys(keys + 1)),
              status: 413,
              maxValues: route.maxValues,
            }
          : {
              route,
              kind: `${keys + 1} unknown keys${where}`,
              body: nest(path, unknownKeys(keys + 1)),
              status: 400,
              description: TOO_MANY_KEYS,
            },
      );
    }
  }
  return bodies;
}
