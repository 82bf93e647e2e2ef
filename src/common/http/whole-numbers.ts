import { Transform } from 'class-transformer';

/**
 * A query or path value of 1 to `digits` decimal digits becomes that number; anything else stays
 * as it came, for the validation (@IsInt) to refuse.
 */
export const WholeNumberFromDigits = (digits = 9) => {
  const form = new RegExp(`^\\d{1,${digits}}$`);
  return Transform(({ value }) => (typeof value === 'string' && form.test(value) ? Number(value) : value));
};
