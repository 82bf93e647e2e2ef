import { ApiParam, type OpenAPIObject } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import { exampleOf } from './openapi-examples';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

/**
 * Where @nestjs/swagger keeps a property's @ApiProperty options and a class's property list (its
 * DECORATORS constants, which the package does not export).
 */
export const SWAGGER_PROPERTY = 'swagger/apiModelProperties';
const SWAGGER_PROPERTY_LIST = 'swagger/apiModelPropertiesArray';

/** A piece of JSON schema (OpenAPI 3.0 dialect). */
type SchemaFragment = Record<string, unknown>;
type Derive = (meta: ValidationMetadata) => SchemaFragment;

/** No text field of the interface has a use for U+0000, and PostgreSQL cannot store it (input-checks.ts). */
export const WITHOUT_NUL = '^[^\\u0000]*$';

/**
 * What JavaScript's `trim()` and `\s` count as blank, written out: Python's `\s` (which an
 * OpenAPI tool may generate from) counts other characters.
 */
export const BLANK =
  '[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';

/** A word in any case, as a pattern (`ch` -> `[Cc][Hh]`), for values the service reads case-insensitively. */
export const anyCase = (word: string): string =>
  [...word]
    .map((c) =>
      c.toUpperCase() === c.toLowerCase()
        ? c.replace(/[.+-]/g, '\\$&')
        : `[${c.toUpperCase()}${c.toLowerCase()}]`,
    )
    .join('');

/** One of `words` in any case with blanks around: what a trim and a change of case make one of them. */
export const oneOfAnyCase = (words: readonly string[]): string =>
  `^${BLANK}*(?:${words.map(anyCase).join('|')})${BLANK}*$`;

/** Text with something in it but blanks, and without U+0000. */
export const NOT_BLANK = new RegExp(`^[^\\u0000]*[^${BLANK.slice(1, -1)}\\u0000][^\\u0000]*$`);

const first = (meta: ValidationMetadata): unknown => (meta.constraints as unknown[])[0];

/**
 * What each class-validator rule means in the OpenAPI document, by the rule's name. A rule whose
 * name is not here stops the document build (and its unit test), so a new rule cannot go
 * undocumented; custom validators add their own entry with documentConstraint() beside their
 * definition. Rules that add nothing to a property's schema (a required field is `required`
 * already, a nested one is its `$ref`) map to `{}` on purpose.
 */
const CONSTRAINT_SCHEMAS = new Map<string, Derive>([
  ['isString', () => ({ type: 'string' })],
  ['isInt', () => ({ type: 'integer' })],
  ['isNumber', () => ({ type: 'number' })],
  ['isBoolean', () => ({ type: 'boolean' })],
  ['isArray', () => ({ type: 'array' })],
  ['isObject', () => ({})],
  ['isDefined', () => ({})],
  ['isOptional', () => ({})],
  ['validateIf', () => ({})],
  ['nestedValidation', () => ({})],
  ['min', (meta) => ({ minimum: first(meta) })],
  ['max', (meta) => ({ maximum: first(meta) })],
  ['isPositive', () => ({ minimum: 0, exclusiveMinimum: true })],
  ['minLength', (meta) => ({ minLength: first(meta) })],
  ['maxLength', (meta) => ({ maxLength: first(meta) })],
  ['isLength', (meta) => ({ minLength: first(meta), maxLength: (meta.constraints as unknown[])[1] })],
  ['isNotEmpty', () => ({ minLength: 1 })],
  ['matches', (meta) => ({ pattern: patternOf(first(meta), meta) })],
  ['isIn', (meta) => ({ enum: [...(first(meta) as unknown[])] })],
  ['arrayMinSize', (meta) => ({ minItems: first(meta) })],
  ['arrayMaxSize', (meta) => ({ maxItems: first(meta) })],
  ['arrayNotEmpty', () => ({ minItems: 1 })],
  ['arrayUnique', () => ({ uniqueItems: true })],
]);

/** Registers what a custom validator accepts, as the document shall say it. */
export function documentConstraint(name: string, schema: SchemaFragment | Derive): void {
  CONSTRAINT_SCHEMAS.set(name, typeof schema === 'function' ? schema : () => schema);
}

function patternOf(value: unknown, meta: ValidationMetadata): string {
  if (!(value instanceof RegExp) || value.flags.replace('u', '') !== '')
    throw new Error(`${where(meta)}: @Matches needs a regular expression without flags for the document`);
  return value.source;
}

const where = (meta: ValidationMetadata): string =>
  `${(meta.target as { name?: string }).name ?? '?'}.${meta.propertyName}`;

/** The rule's name: class-validator's own, a custom validator's, or the type of a system rule. */
function ruleName(meta: ValidationMetadata): string {
  if (meta.type === 'customValidation')
    return (
      meta.name ?? getMetadataStorage().getTargetValidatorConstraints(meta.constraintCls)[0]?.name ?? '?'
    );
  if (meta.type === 'conditionalValidation') return meta.name ?? 'validateIf';
  return meta.type;
}

/** The schema a property's rules add up to; a rule the table does not know is an error. */
export function constraintsOf(rules: ValidationMetadata[]): { own: SchemaFragment; items: SchemaFragment } {
  const own: SchemaFragment = {};
  const items: SchemaFragment = {};
  for (const meta of rules) {
    const name = ruleName(meta);
    const derive = CONSTRAINT_SCHEMAS.get(name);
    if (derive === undefined)
      throw new Error(
        `${where(meta)}: the validation rule ${name} has no OpenAPI schema (openapi-constraints.ts)`,
      );
    mergeInto(meta.each === true ? items : own, derive(meta), where(meta));
  }
  return { own, items };
}

function mergeInto(target: SchemaFragment, fragment: SchemaFragment, at: string): void {
  for (const [key, value] of Object.entries(fragment)) {
    if (value === undefined) continue;
    if (key in target && JSON.stringify(target[key]) !== JSON.stringify(value))
      throw new Error(`${at}: ${key} is both ${JSON.stringify(target[key])} and ${JSON.stringify(value)}`);
    target[key] = value;
  }
}

type Constructor = abstract new (...args: never[]) => unknown;

/** Every class class-validator holds rules of (its storage is keyed by the class). */
function validatedClasses(): Map<Constructor, ValidationMetadata[]> {
  const storage = getMetadataStorage() as unknown as {
    validationMetadatas: Map<Constructor | string, ValidationMetadata[]>;
  };
  const classes = new Map<Constructor, ValidationMetadata[]>();
  for (const [target, rules] of storage.validationMetadatas)
    if (typeof target === 'function') classes.set(target, rules);
  return classes;
}

const PRIMITIVES: unknown[] = [String, Number, Boolean, 'string', 'number', 'integer', 'boolean', undefined];

/**
 * Writes each validated property's rules into its Swagger metadata before the document is built,
 * so that schemas and the parameters Swagger makes of query classes state them. What a property's
 * Swagger decorator says already must agree with its rules (else the build stops). A property
 * with `oneOf` (a number or a numeric string) gets the rules in its integer branch; its string
 * branch states its own pattern. Strings without a pattern or enum refuse U+0000 as the service
 * does. Repeating it changes nothing.
 */
export function documentValidationRules(): void {
  for (const [target, rules] of validatedClasses()) {
    const byProperty = new Map<string, ValidationMetadata[]>();
    for (const meta of rules)
      byProperty.set(meta.propertyName, [...(byProperty.get(meta.propertyName) ?? []), meta]);
    for (const [property, own] of byProperty) {
      const prototype = target.prototype as object;
      const existing = Reflect.getOwnMetadata(SWAGGER_PROPERTY, prototype, property) as
        SchemaFragment | undefined;
      if (existing === undefined) {
        if (Reflect.getMetadata(SWAGGER_PROPERTY_LIST, prototype) !== undefined)
          throw new Error(`${target.name}.${property} is validated but has no @ApiProperty`);
        continue;
      }
      const { own: schema, items } = constraintsOf(own);
      Reflect.defineMetadata(
        SWAGGER_PROPERTY,
        withRules(existing, schema, items, `${target.name}.${property}`),
        prototype,
        property,
      );
    }
  }
}

function withRules(
  existing: SchemaFragment,
  rules: SchemaFragment,
  items: SchemaFragment,
  at: string,
): SchemaFragment {
  const { type, ...constraints } = rules;
  if (Array.isArray(existing.oneOf)) {
    const branches = (existing.oneOf as SchemaFragment[]).map((branch) => {
      if (branch.type === 'integer' || branch.type === 'number') {
        const merged = { ...branch };
        mergeInto(merged, constraints, at);
        return merged;
      }
      if (branch.type === 'string' && typeof branch.pattern !== 'string')
        throw new Error(`${at}: the string branch of oneOf needs the pattern of what it accepts`);
      return branch;
    });
    return { ...existing, oneOf: branches };
  }
  const result: SchemaFragment = { ...existing };
  const primitive = existing.isArray !== true && PRIMITIVES.includes(existing.type);
  if (type !== undefined && primitive && type !== 'array') result.type = type;
  mergeInto(result, constraints, at);
  if (Object.keys(items).length > 0) {
    const { type: _itemType, ...itemRules } = items;
    const inner = { ...((existing.items as SchemaFragment | undefined) ?? {}) };
    mergeInto(inner, itemRules, at);
    result.items = inner;
  }
  const text = result.type === String || result.type === 'string';
  if (text && result.pattern === undefined && result.enum === undefined && result.format === undefined)
    result.pattern = WITHOUT_NUL;
  return result;
}

const SCHEMA_RULES = 'erp:openapiSchemaRules';

/**
 * A rule of a whole body class that the properties cannot state (`anyOf` of required fields, ...),
 * for the document; the class's validation enforces it.
 */
export function ApiSchemaRule(rule: SchemaFragment): ClassDecorator {
  return (target) => Reflect.defineMetadata(SCHEMA_RULES, rule, target);
}

type Schemas = Record<string, SchemaFragment & { properties?: Record<string, SchemaFragment> }>;

/** The schema of `null` alone in OpenAPI 3.0. */
export const NULL_ONLY = { type: 'object', nullable: true, enum: [null] };

/**
 * The property or `null`, as OpenAPI 3.0 can say it: `nullable` beside `$ref` does not count and
 * needs a `type` beside `oneOf`, so these get a branch of their own.
 */
function orNull(property: SchemaFragment): SchemaFragment {
  if (Array.isArray(property.oneOf))
    return { ...property, oneOf: [...(property.oneOf as unknown[]), NULL_ONLY] };
  if (property.$ref === undefined && !Array.isArray(property.allOf)) return { ...property, nullable: true };
  const { allOf, $ref, nullable: _nullable, type: _type, ...rest } = property;
  const reference = $ref !== undefined ? { $ref } : (allOf as SchemaFragment[])[0];
  return { ...rest, anyOf: [reference, NULL_ONLY] };
}

/**
 * The rules of the body classes that belong to a schema, not a property: unknown fields are
 * refused (`additionalProperties: false`), an optional field (@IsOptional) may be null, and a
 * class's own rule (ApiSchemaRule) is added.
 */
export function documentBodyRules(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Schemas;
  for (const target of validatedClasses().keys()) {
    const schema = schemas[target.name];
    if (schema === undefined) continue;
    schema.additionalProperties = false;
    const rules = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false);
    const optional = new Set(rules.filter((meta) => meta.name === 'isOptional').map((m) => m.propertyName));
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (optional.has(name)) schema.properties![name] = orNull(property);
    }
    const rule = Reflect.getMetadata(SCHEMA_RULES, target) as SchemaFragment | undefined;
    if (rule !== undefined) Object.assign(schema, rule);
    // What a form of the schema starts from (Swagger UI, property-based testers): a valid body.
    schema.example ??= exampleOf(schema, schemas);
  }
}

/** A path parameter as the route's own check reads it (the route checks it; this says so in the document). */
export const ApiPathParameter = (
  name: string,
  example: string | number,
  schema: SchemaFragment = { type: 'string', pattern: WITHOUT_NUL },
) => ApiParam({ name, required: true, schema: { ...schema, example } });
