import { Transform } from 'class-transformer';
import { fitsColumn as fits } from '../../common/http/input-checks';
import { isISO31661Alpha2, registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';
import { anyCase, BLANK, documentConstraint, oneOfAnyCase } from '../../common/http/openapi-constraints';
import { isLanguageCode, LANGUAGE_CODES_ACCEPTED, normalizeLanguage } from './language-codes';

/** Salutation codes (AdrAnrede) and their texts. */
export const SALUTATIONS: Readonly<Record<number, string>> = { 0: 'Firma', 1: 'Herr', 2: 'Frau' };

/** AdrAnrede: a number or a numeric string ("1") becomes a number; other values stay for validation. */
export function toSalutationNumber(value: unknown): unknown {
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
  return value;
}

/** PATCH's `Anrede` also takes the text: Firma, Herr, Frau (any case). */
export function toSalutationFromText(value: unknown): unknown {
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    const hit = Object.entries(SALUTATIONS).find(([, t]) => t.toLowerCase() === text);
    if (hit) return Number(hit[0]);
  }
  return toSalutationNumber(value);
}

export function hasText(value: unknown): boolean {
  return typeof value === 'string' && value.trim().length > 0;
}

export const NormalizeLanguage = (max: number) =>
  Transform(({ value }) => (fits(value, max) ? normalizeLanguage(value) : value));

/** Country codes are stored upper-case (ch -> CH). */
export const NormalizeCountry = (max: number) =>
  Transform(({ value }) => (fits(value, max) ? value.trim().toUpperCase() : value));

/** ISO 639-2/B language code (ger, fre, ita, eng, ...). */
export function IsLanguageCode(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isLanguageCode',
      target: target.constructor,
      propertyName,
      options: {
        message: `${propertyName} must be an ISO 639-2/B language code such as ger, fre, ita or eng`,
        ...options,
      },
      validator: { validate: (value: unknown) => isLanguageCode(value) },
    });
}
// Read after a trim and in lower case (NormalizeLanguage), so in any case with blanks around.
documentConstraint('isLanguageCode', { pattern: oneOfAnyCase(LANGUAGE_CODES_ACCEPTED) });

/** Every ISO 3166-1 alpha-2 code, as the country check knows them. */
const COUNTRY_CODES: readonly string[] = Array.from({ length: 26 * 26 }, (_, i) =>
  String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)),
).filter((code) => isISO31661Alpha2(code));

/** ISO 3166-1 alpha-2 country code (CH, DE, ...). */
export function IsCountryCode(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isCountryCode',
      target: target.constructor,
      propertyName,
      options: {
        message: `${propertyName} must be an ISO 3166-1 alpha-2 country code such as CH or DE`,
        ...options,
      },
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && /^[A-Z]{2}$/.test(value) && isISO31661Alpha2(value),
      },
    });
}
// Read after a trim and in upper case (NormalizeCountry), so in any case with blanks around.
documentConstraint('isCountryCode', { pattern: oneOfAnyCase(COUNTRY_CODES) });

/**
 * AdrName's whole rule in one place (class-validator skips every check of an absent optional
 * property, so "one of AdrFirma or AdrName" cannot ride on IsOptional): a string of at most
 * `max` characters when given, and a company name or a last name must be present.
 */
export function IsNameOrFirma(max: number, options?: ValidationOptions) {
  const problem = (value: unknown, o: { AdrFirma?: unknown }): string | null => {
    if (value !== undefined && value !== null) {
      if (typeof value !== 'string') return 'AdrName must be a string';
      if (value.length > max) return `AdrName must be shorter than or equal to ${max} characters`;
    }
    return hasText(o.AdrFirma) || hasText(value) ? null : 'one of AdrFirma or AdrName must be given';
  };
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isNameOrFirma',
      target: target.constructor,
      propertyName,
      options,
      constraints: [max],
      validator: {
        validate: (value: unknown, args: ValidationArguments) => problem(value, args.object) === null,
        defaultMessage: (args?: ValidationArguments) =>
          (args && problem(args.value, args.object)) ?? 'one of AdrFirma or AdrName must be given',
      },
    });
}
// "One of AdrFirma or AdrName" is a rule of the address (NAME_OR_FIRMA); the field itself is a text.
documentConstraint('isNameOrFirma', (meta) => ({
  type: 'string',
  maxLength: (meta.constraints as number[])[0],
}));

/** Text with something in it but blanks (hasText), as a pattern. */
const HAS_TEXT = `[^${BLANK.slice(1, -1)}]`;

/** The address rule "one of AdrFirma or AdrName must be given", as the document states it. */
export const NAME_OR_FIRMA = {
  anyOf: [
    { required: ['AdrFirma'], properties: { AdrFirma: { type: 'string', pattern: HAS_TEXT } } },
    { required: ['AdrName'], properties: { AdrName: { type: 'string', pattern: HAS_TEXT } } },
  ],
};

/** AdrAnrede as a string: a number 0, 1 or 2 in digits, blanks around allowed (toSalutationNumber). */
export const SALUTATION_DIGITS = `^${BLANK}*0*[0-2]${BLANK}*$`;

/** PATCH's Anrede as a string: the digits or one of the texts, in any case (toSalutationFromText). */
export const SALUTATION_TEXT = `^${BLANK}*(?:0*[0-2]|${Object.values(SALUTATIONS).map(anyCase).join('|')})${BLANK}*$`;
