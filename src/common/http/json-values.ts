import { ApiError } from '../errors/api-error';

/** Deeper than any request body of the interface (an order is four levels), far below a stack overflow. */
export const MAX_JSON_DEPTH = 32;

/**
 * Values (every string, number, literal, object and array) a JSON body of a data route may hold:
 * more than the largest valid body of any route (an order of 999 lines and 999 payments, about
 * 11,000), far below what takes JSON.parse and the validation a noticeable time.
 */
export const MAX_JSON_VALUES = 20_000;

/**
 * Keys of one object: the largest object of the interface has 18 fields (an address patch); V8
 * parses an object of many keys slowly (bench/README.md, hostile-bodies), so they are counted before parsing.
 */
export const MAX_JSON_KEYS = 100;

/** POST /www/zugferd: one object of at most five fields, so a few values more are never valid. */
export const E_INVOICE_MAX_JSON_VALUES = 16;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

/** Bytes that start or continue a number or a literal (true, false, null). */
const TOKEN_BYTE = new Uint8Array(256);
for (const c of '-+.0123456789eEtruefalsn') TOKEN_BYTE[c.charCodeAt(0)] = 1;

export const tooManyValues = (max: number): ApiError =>
  new ApiError(
    413,
    'payload_too_large',
    `The request body holds more than ${max} JSON values, more than any valid body of this endpoint.`,
  );

/**
 * Counts the values, the keys of each object and the nesting of a JSON body in its raw bytes,
 * before it is decoded or parsed, and stops at the first value over `maxValues` (413), key over
 * MAX_JSON_KEYS or level over MAX_JSON_DEPTH (400).
 * The structural characters are ASCII in UTF-8, ISO-8859-1 and windows-1252 alike, and strings
 * are skipped with indexOf, so a body of large strings (Base64) costs little. Malformed JSON is
 * left to JSON.parse; the scan stays linear whatever the bytes are.
 */
export function jsonValuesProblem(body: Buffer, maxValues: number): ApiError | null {
  let values = 0;
  let depth = 0;
  let inToken = false;
  // Keys so far of the object open at each depth (unused for arrays).
  const keys = new Uint32Array(MAX_JSON_DEPTH + 2);
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (TOKEN_BYTE[c] === 1) {
      if (!inToken) values++;
      inToken = true;
      continue;
    }
    inToken = false;
    if (c === QUOTE) {
      i = closingQuote(body, i + 1);
      if (i < 0) return null;
      // Maybe a key: counted as a value until its colon, so the budget is checked at the next comma.
      values++;
      continue;
    }
    if (c === COLON) {
      values--;
      if (++keys[depth] > MAX_JSON_KEYS)
        return ApiError.badRequest(`An object of the request body has more than ${MAX_JSON_KEYS} keys.`);
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      values++;
      if (++depth > MAX_JSON_DEPTH)
        return ApiError.badRequest(`The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`);
      keys[depth] = 0;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
    else if (c !== COMMA) continue;
    if (values > maxValues) return tooManyValues(maxValues);
  }
  return values > maxValues ? tooManyValues(maxValues) : null;
}

/** The index of the quote that ends a string whose first byte is at `from`; -1 when there is none. */
function closingQuote(body: Buffer, from: number): number {
  for (let at = from; ;) {
    const quote = body.indexOf(QUOTE, at);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (body[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    at = quote + 1;
  }
}
