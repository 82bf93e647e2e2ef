import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage } from 'class-validator';
import { ApiError, FieldProblem, FIELD_LIST_LIMIT } from '../errors/api-error';
import { tooManyValues } from './json-values';

/** What the validation of a DTO class looks at: its fields, nested classes and array bounds. */
interface BodyShape {
  fields: ReadonlyMap<string, FieldShape>;
  /** The most values (objects, arrays, scalars) a valid body can hold; Infinity for an unbounded array. */
  maxValues: number;
}

interface FieldShape {
  nested?: BodyShape;
  array: boolean;
  /** The field's @ArrayMaxSize, when it has one. */
  maxItems?: number;
}

/** A DTO class (class-validator's metadata is keyed by the constructor). */
type DtoClass = abstract new (...args: never[]) => unknown;

const shapes = new WeakMap<object, BodyShape>();
/** A nesting of DTO classes deeper than this is a cycle (no body of the interface has more than four levels). */
const MAX_DTO_DEPTH = 8;

/**
 * The shape class-validator and class-transformer will apply to a body of `dto`, read from their
 * metadata: every validated field (the whitelist), the class of a nested field (@Type), whether
 * it is an array (@IsArray, `each`, @ArrayMaxSize) and its @ArrayMaxSize.
 */
export function bodyShape(dto: DtoClass, depth = 0): BodyShape {
  const known = shapes.get(dto);
  if (known) return known;
  const fields = new Map<string, FieldShape>();
  for (const meta of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
    const field = fields.get(meta.propertyName) ?? { array: false };
    if (meta.name === 'isArray' || meta.each === true) field.array = true;
    if (meta.name === 'arrayMaxSize') {
      field.array = true;
      field.maxItems = Number(meta.constraints[0]);
    }
    if (meta.type === 'nestedValidation' && depth < MAX_DTO_DEPTH) {
      const type = defaultMetadataStorage.findTypeMetadata(dto, meta.propertyName)?.typeFunction();
      if (typeof type === 'function' && type !== Object)
        field.nested = bodyShape(type as DtoClass, depth + 1);
    }
    fields.set(meta.propertyName, field);
  }
  let maxValues = 1;
  for (const field of fields.values()) {
    const item = field.nested?.maxValues ?? 1;
    maxValues += field.array ? 1 + (field.maxItems ?? Infinity) * item : item;
  }
  const shape = { fields, maxValues };
  shapes.set(dto, shape);
  return shape;
}

/** Counts the values of a parsed body, stopping once there are more than `max`. */
function countValues(body: unknown, max: number): number {
  let count = 0;
  const pending: unknown[] = [body];
  while (pending.length > 0 && count <= max) {
    const value = pending.pop();
    count++;
    if (value === null || typeof value !== 'object') continue;
    for (const inner of Array.isArray(value) ? value : Object.values(value)) pending.push(inner);
  }
  return count;
}

/**
 * Checks a parsed body against the shape of its DTO before class-transformer and class-validator
 * see it, so that their work stays that of a valid body: more values than a valid body can hold is
 * a 413; an array over its @ArrayMaxSize, or an object with more fields than its class declares
 * (which are unknown fields then), a 400 naming them (the first FIELD_LIST_LIMIT, and how many
 * more). Null when the body may go on to the validation, which lists every problem as before.
 */
export function bodyShapeProblem(body: unknown, dto: DtoClass): ApiError | null {
  const shape = bodyShape(dto);
  if (shape.fields.size === 0) return null;
  if (Number.isFinite(shape.maxValues) && countValues(body, shape.maxValues) > shape.maxValues)
    return tooManyValues(shape.maxValues);
  const fields: FieldProblem[] = [];
  let problems = 0;
  const report = (field: string, message: string): void => {
    if (++problems <= FIELD_LIST_LIMIT) fields.push({ field, message });
  };
  const pending: { value: unknown; shape: BodyShape; path: string }[] = [{ value: body, shape, path: '' }];
  // First in, first out: the fields are named in the order of the body.
  for (let next = 0; next < pending.length; next++) {
    const { value, shape: expected, path } = pending[next];
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
    const keys = Object.keys(value);
    const tooManyKeys = keys.length > expected.fields.size;
    for (const key of keys) {
      const field = expected.fields.get(key);
      const at = path ? `${path}.${key}` : key;
      if (field === undefined) {
        if (tooManyKeys) report(at, `property ${key} should not exist`);
        continue;
      }
      const inner = (value as Record<string, unknown>)[key];
      if (field.array && Array.isArray(inner)) {
        if (field.maxItems !== undefined && inner.length > field.maxItems) {
          report(at, `${key} must contain no more than ${field.maxItems} elements`);
          continue;
        }
        if (field.nested)
          inner.forEach((item, i) =>
            pending.push({ value: item, shape: field.nested!, path: `${at}[${i}]` }),
          );
      } else if (field.nested) pending.push({ value: inner, shape: field.nested, path: at });
    }
  }
  if (problems === 0) return null;
  return ApiError.badRequest('The request is invalid; see info.fields.', fields, problems);
}
