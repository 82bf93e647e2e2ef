import { ApiError } from '../errors/api-error';

/** Keys that would reach or shadow Object's prototype in the code that reads the body. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** PostgreSQL cannot store U+0000 in text, and no field of the interface has a use for it. */
const NUL = '\u0000';

const fieldProblem = (field: string, message: string): ApiError =>
  ApiError.badRequest('The request is invalid; see info.fields.', [{ field, message }]);
const nulProblem = (field: string): ApiError => fieldProblem(field, 'must not contain the character U+0000');

/**
 * Checks a parsed JSON body without recursion (its depth and size were bounded before it was
 * parsed, json-values.ts): no key that names the prototype chain, and no U+0000 in a key or
 * string anywhere. Returns the problem as a 400, or null when the body is fine.
 */
export function jsonShapeProblem(body: unknown): ApiError | null {
  const pending: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string' && value.includes(NUL)) return nulProblem(path || '(body)');
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      value.forEach((item, i) => pending.push({ value: item, path: `${path}[${i}]` }));
      continue;
    }
    for (const key of Object.keys(value)) {
      const field = path ? `${path}.${key}` : key;
      if (key.includes(NUL)) return nulProblem(field);
      if (PROTOTYPE_KEYS.has(key)) return fieldProblem(field, `property ${key} should not exist`);
      pending.push({ value: (value as Record<string, unknown>)[key], path: field });
    }
  }
  return null;
}

/** The path parameter or query parameter whose value holds U+0000, if one does. */
export function nulInParameters(...sources: unknown[]): ApiError | null {
  for (const source of sources) {
    if (source === null || typeof source !== 'object') continue;
    for (const [name, value] of Object.entries(source)) {
      const values: unknown[] = Array.isArray(value) ? value : [value];
      if (name.includes(NUL) || values.some((v) => typeof v === 'string' && v.includes(NUL)))
        return nulProblem(name);
    }
  }
  return null;
}

/**
 * Whether a text fits its column as sent: a normaliser (trim, case) leaves a longer one as it is,
 * so that it fails its length and the length the document states counts the characters sent.
 */
export const fitsColumn = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max;
