import Decimal from 'decimal.js';

/**
 * The one money/quantity type: decimal.js, never binary floating point. Database decimals arrive
 * as strings (or as numbers from SQLite); read them with `dec`, compute with Decimal, round with
 * `roundMoney`/`cashRound`, and write JSON numbers with `toJsonNumber`.
 */
export { Decimal };

export type DecimalLike = Decimal | string | number;

export function dec(value: DecimalLike | null | undefined): Decimal {
  if (value === null || value === undefined || value === '') return new Decimal(0);
  return value instanceof Decimal ? value : new Decimal(typeof value === 'number' ? String(value) : value);
}

const ZERO = 48;
const NINE = 57;
const MINUS = 45;
const POINT = 46;

/** Where `text` stops being ASCII digits, from `at`. */
function digitsEnd(text: string, at: number): number {
  while (at < text.length) {
    const c = text.charCodeAt(at);
    if (c < ZERO || c > NINE) break;
    at++;
  }
  return at;
}

/**
 * Plain decimal text (`-?digits[.digits]`) in Decimal's canonical form (no leading zeros before
 * the point, no trailing zeros after it), or null where Decimal would write something else (an
 * exponent for very small or large values, `0` for a zero) or the text is not plain. Scans the
 * characters, because a regular expression and two replacements left garbage per price of every
 * article page on PostgreSQL.
 */
function plainDecimalString(text: string): string | null {
  const negative = text.charCodeAt(0) === MINUS;
  const intStart = negative ? 1 : 0;
  const intEnd = digitsEnd(text, intStart);
  if (intEnd === intStart) return null;
  let fracStart = intEnd;
  let fracEnd = intEnd;
  if (intEnd < text.length) {
    if (text.charCodeAt(intEnd) !== POINT) return null;
    fracStart = intEnd + 1;
    fracEnd = digitsEnd(text, fracStart);
    if (fracEnd < text.length) return null;
  }
  let from = intStart;
  while (from < intEnd - 1 && text.charCodeAt(from) === ZERO) from++;
  let to = fracEnd;
  while (to > fracStart && text.charCodeAt(to - 1) === ZERO) to--;
  if (intEnd - from > 20) return null;
  if (intEnd - from === 1 && text.charCodeAt(from) === ZERO) {
    // 0.x: Decimal writes an exponent from the seventh decimal place on, and `0` for zero.
    let firstDigit = fracStart;
    while (firstDigit < to && text.charCodeAt(firstDigit) === ZERO) firstDigit++;
    if (firstDigit === to || firstDigit - fracStart > 5) return null;
  }
  if (from === intStart && to === fracEnd && to > fracStart) return text;
  const int = text.slice(from, intEnd);
  const digits = to > fracStart ? `${int}.${text.slice(fracStart, to)}` : int;
  return negative ? `-${digits}` : digits;
}

/**
 * `dec(value).toString()` (the canonical decimal text) without building a Decimal where that is
 * plain: finite numbers print the same in JavaScript, and plain decimal text only loses leading
 * and trailing zeros. Exponent forms, zeros and very small or large values take the Decimal path.
 */
export function decimalString(value: DecimalLike): string {
  if (typeof value === 'number' && Number.isFinite(value) && value !== 0) return String(value);
  return (typeof value === 'string' ? plainDecimalString(value) : null) ?? dec(value).toString();
}

/** Orders decimals (as `decimalString` writes them) by value. */
export function compareDecimals(a: string, b: string): number {
  // Rounding to a double never reverses an order, so differing doubles decide; equal ones may hide a difference.
  const x = Number(a);
  const y = Number(b);
  return x !== y ? (x < y ? -1 : 1) : dec(a).comparedTo(b);
}

/** Rounds half-up to the cent. */
export function roundMoney(value: DecimalLike): Decimal {
  return dec(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** Rounds half-up to a cash step (CHF 0.05); a step of 0.01 or less is plain cent rounding. */
export function cashRound(value: DecimalLike, step: DecimalLike): Decimal {
  const s = dec(step);
  if (s.lte(0.01)) return roundMoney(value);
  return dec(value).div(s).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).times(s).toDecimalPlaces(2);
}

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** The digits of plain decimal text (leading and trailing zeros included). */
const digitCount = (plain: string): number =>
  plain.length - (plain.charCodeAt(0) === MINUS ? 1 : 0) - (plain.includes('.') ? 1 : 0);

/**
 * A JSON number with no float artefacts: the decimal's shortest exact form (e.g. 0.3, never
 * 0.30000000000000004). `places` rounds first when given.
 */
export function toJsonNumber(value: DecimalLike, places?: number): number {
  if (places === undefined) {
    // Fast paths, same result: a finite number is its own shortest form, and a plain decimal
    // string of at most 15 significant digits converts to the double that prints as it.
    if (typeof value === 'number' && Number.isFinite(value)) return value === 0 ? 0 : value;
    if (typeof value === 'string' && PLAIN_DECIMAL.test(value) && digitCount(value) <= 15)
      return Number(value) || 0;
  }
  const d = places === undefined ? dec(value) : dec(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  return Number(d.toString());
}
