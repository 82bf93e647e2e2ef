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

/**
 * A JSON number with no float artefacts: the decimal's shortest exact form (e.g. 0.3, never
 * 0.30000000000000004). `places` rounds first when given.
 */
export function toJsonNumber(value: DecimalLike, places?: number): number {
  const d = places === undefined ? dec(value) : dec(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  return Number(d.toString());
}
