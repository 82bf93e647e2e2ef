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

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * `dec(value).toString()` (the canonical decimal text) without building a Decimal where that is
 * plain: finite numbers print the same in JavaScript, and plain decimal text only loses leading
 * and trailing zeros. Exponent forms, zeros and very small or large values take the Decimal path.
 */
export function decimalString(value: DecimalLike): string {
  if (typeof value === 'number' && Number.isFinite(value) && value !== 0) return String(value);
  if (typeof value === 'string') {
    const m = DECIMAL_TEXT.exec(value);
    if (m) {
      const int = m[2].replace(/^0+(?=\d)/, '');
      const frac = (m[3] ?? '').replace(/0+$/, '');
      if (int.length <= 20 && (int !== '0' || /^0{0,5}[1-9]/.test(frac)))
        return `${m[1]}${int}${frac === '' ? '' : `.${frac}`}`;
    }
  }
  return dec(value).toString();
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

/**
 * A JSON number with no float artefacts: the decimal's shortest exact form (e.g. 0.3, never
 * 0.30000000000000004). `places` rounds first when given.
 */
export function toJsonNumber(value: DecimalLike, places?: number): number {
  if (places === undefined) {
    // Fast paths, same result: a finite number is its own shortest form, and a plain decimal
    // string of at most 15 significant digits converts to the double that prints as it.
    if (typeof value === 'number' && Number.isFinite(value)) return value === 0 ? 0 : value;
    if (typeof value === 'string' && PLAIN_DECIMAL.test(value) && value.replace(/[-.]/g, '').length <= 15)
      return Number(value) || 0;
  }
  const d = places === undefined ? dec(value) : dec(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  return Number(d.toString());
}
