import { Transform } from 'class-transformer';

/**
 * A query or path value of 1 to `digits` decimal digits becomes that number; anything else stays
 * as it came, for the validation (@IsInt) to refuse.
 */
export const WholeNumberFromDigits = (digits = 9) => {
  const form = new RegExp(`^\\d{1,${digits}}$`);
  return Transform(({ value }) => (typeof value === 'string' && form.test(value) ? Number(value) : value));
};

/** The largest key of an `integer` column (the generated ids): a larger number names nothing. */
export const MAX_INTEGER_KEY = 2_147_483_647;

/** A path's id as the number of an `integer` key, or null when it cannot name one (then a 404). */
export function integerKey(raw: string): number | null {
  const n = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return n <= MAX_INTEGER_KEY ? n : null;
}
