import { Transform } from 'class-transformer';
import { fitsColumn as fits } from '../../common/http/input-checks';
import { registerDecorator, ValidationOptions } from 'class-validator';
import { BLANK, documentConstraint } from '../../common/http/openapi-constraints';

/** Currency codes are stored upper-case (chf -> CHF). */
export const NormalizeCurrency = (max: number) =>
  Transform(({ value }) => (fits(value, max) ? value.trim().toUpperCase() : value));

/** "K, R" -> "K,R": blanks around the entries dropped; the entries themselves are validated as given. */
export const NormalizePaymentMethods = (max: number) =>
  Transform(({ value }) =>
    fits(value, max)
      ? value
          .split(',')
          .map((p) => p.trim())
          .join(',')
      : value,
  );

/** ZahlungsMethode: comma-separated K (card, paid outside) and R (invoice), each at most once; "" = none. */
export function IsPaymentMethodList(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isPaymentMethodList',
      target: target.constructor,
      propertyName,
      options: {
        message: 'ZahlungsMethode must be a comma-separated list of K and R, e.g. "K,R"',
        ...options,
      },
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string') return false;
          if (value === '') return true;
          const parts = value.split(',');
          return parts.every((p) => p === 'K' || p === 'R') && new Set(parts).size === parts.length;
        },
      },
    });
}
/** K and R each at most once, blanks around the entries (NormalizePaymentMethods), or nothing but blanks. */
const entry = (code: string): string => `${BLANK}*${code}${BLANK}*`;
documentConstraint('isPaymentMethodList', {
  pattern: `^(?:${BLANK}*|${entry('K')}|${entry('R')}|${entry('K')},${entry('R')}|${entry('R')},${entry('K')})$`,
});
