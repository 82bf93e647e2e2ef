import { Transform } from 'class-transformer';
import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';
import { Decimal } from '../../common/money';
import { BLANK, documentConstraint } from '../../common/http/openapi-constraints';

function decimalPlaces(value: number): number {
  return new Decimal(String(value)).decimalPlaces();
}

/**
 * A number that is a multiple of 10^-places but for the last bits of binary floating point (the
 * 3 * 0.0001 = 0.00030000000000000003 of a client's arithmetic) is that multiple; anything else
 * stays as it is for the validation.
 */
function withoutFloatNoise(value: unknown, places: number): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) >= 1e15) return value;
  const rounded = Number(value.toFixed(places));
  return Math.abs(rounded - value) <= Number.EPSILON * Math.max(1, Math.abs(value)) * 4 ? rounded : value;
}

/**
 * A finite JSON number with at most `places` decimals (the column's scale; never rounded away),
 * documented as `multipleOf`: a value off a multiple only by floating-point noise counts as it.
 */
export function MaxDecimalPlaces(places: number, options?: ValidationOptions) {
  const noiseless = Transform(({ value }) => withoutFloatNoise(value, places));
  return (target: object, propertyName: string) => {
    noiseless(target, propertyName);
    registerDecorator({
      name: 'maxDecimalPlaces',
      target: target.constructor,
      propertyName,
      options,
      constraints: [places],
      validator: {
        validate: (value: unknown) =>
          typeof value === 'number' && Number.isFinite(value) && decimalPlaces(value) <= places,
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property ?? 'value'} must have at most ${places} decimal places`,
      },
    });
  };
}
documentConstraint('maxDecimalPlaces', (meta) => ({
  multipleOf: Number(`1e-${String((meta.constraints as number[])[0])}`),
}));

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):?(\d{2})?))?$/i;

/**
 * ISO 8601 date-time with an offset (`2026-03-01T10:00:00+01:00`, `...Z`) or a date (UTC
 * midnight). Impossible calendar values (2026-02-30, 24:00) are refused, not rolled over.
 */
export function parseIsoDateTime(value: string): Date | null {
  const m = ISO_DATE_TIME.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((v) =>
    Number(v ?? 0),
  );
  const millis = Number(((m[7] ?? '') + '000').slice(0, 3));
  const local = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, millis));
  // Date.UTC reads the years 0-99 as 1900-1999.
  local.setUTCFullYear(year, month - 1, day);
  const same =
    local.getUTCFullYear() === year &&
    local.getUTCMonth() === month - 1 &&
    local.getUTCDate() === day &&
    local.getUTCHours() === hour &&
    local.getUTCMinutes() === minute &&
    local.getUTCSeconds() === second;
  if (!same) return null;
  const offsetMinutes = m[9] ? (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11] ?? 0)) : 0;
  if (Math.abs(offsetMinutes) > 18 * 60) return null;
  return new Date(local.getTime() - offsetMinutes * 60_000);
}

export function IsIsoDateTime(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isIsoDateTime',
      target: target.constructor,
      propertyName,
      options,
      validator: {
        validate: (value: unknown) => typeof value === 'string' && parseIsoDateTime(value) !== null,
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property ?? 'value'} must be an ISO 8601 date-time with offset (e.g. 2026-03-01T10:00:00Z) or a date`,
      },
    });
}
/** The values `parseIsoDateTime` reads, as the document's pattern (offsets up to 18 hours). */
export const ISO_DATE_TIME_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}(?:[Tt]\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?(?:[Zz]|[+-](?:(?:0\\d|1[0-7]):?(?:\\d{2})?|18(?::?00)?)))?$';
documentConstraint('isIsoDateTime', { format: 'date-time', pattern: ISO_DATE_TIME_PATTERN });

/** VisPosNr arrives as a number or as a numeric string ("10"). */
export const NumericStringToNumber = () =>
  Transform(({ value }) =>
    typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : value,
  );

/** What NumericStringToNumber turns into a number, for the document (up to 9 digits: no whole number above the bound). */
export const NUMERIC_STRING_PATTERN = `^${BLANK}*[0-9]{1,9}${BLANK}*$`;

/** An empty string means "not given" for optional text keys such as AuftBestellNr. */
export const EmptyToUndefined = () => Transform(({ value }) => (value === '' ? undefined : value));
