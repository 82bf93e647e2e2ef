import { ApiProperty, ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { CUSTOMER_FIELD_LENGTHS as LENGTH } from '@app/erp-db';
import {
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { BLANK } from '../../common/http/openapi-constraints';
import { IsPaymentMethodList, NormalizeCurrency, NormalizePaymentMethods } from './customer-validators';

const CURRENCY_AS_SENT = new RegExp(`^${BLANK}*[A-Za-z]{3}${BLANK}*$`);

export const MAX_CREDIT_LIMIT = 2147483647;

/** What the OpenAPI document says about a field beyond its constraints. */
interface FieldDocs {
  description?: string;
  example?: unknown;
  default?: unknown;
}

/** A decorator of a DTO property (named by a string). */
type FieldDecorator = (target: object, propertyName: string) => void;

/**
 * What a GrundDaten field accepts, the same in POST and PUT: its validators (in the order they
 * are written on a property) and the constraints the OpenAPI document shows for them.
 */
interface FieldRule {
  type: typeof String | typeof Number;
  schema: FieldDocs & { maxLength?: number; minLength?: number; minimum?: number };
  validators: () => FieldDecorator[];
}

const text = (maxLength: number): FieldRule => ({
  type: String,
  schema: { maxLength },
  validators: () => [IsString(), MaxLength(maxLength)],
});

/** The rule of each GrundDaten field: one place for POST (create) and PUT (update). */
const GRUND_DATEN = {
  WaehrAbk: {
    type: String,
    schema: { maxLength: LENGTH.WaehrAbk, example: 'CHF' },
    validators: () => [
      NormalizeCurrency(LENGTH.WaehrAbk),
      IsString(),
      MaxLength(LENGTH.WaehrAbk),
      // Checked after NormalizeCurrency; written as the request may send it (any case, blanks around).
      Matches(CURRENCY_AS_SENT, { message: 'WaehrAbk must be an ISO 4217 currency code such as CHF or EUR' }),
    ],
  },
  FAKTZahlArt: {
    type: String,
    schema: { minLength: 1, maxLength: 1 },
    validators: () => [IsString(), Length(1, 1)],
  },
  AUFT_SPESEN: text(LENGTH.AUFT_SPESEN),
  VBTyp: text(LENGTH.VBTyp),
  TVTyp: text(LENGTH.TVTyp),
  Kommentar: text(LENGTH.Kommentar),
  SteuerNummer: text(LENGTH.SteuerNummer),
  FirmenURL: text(LENGTH.FirmenURL),
  KreditLimit: {
    type: Number,
    schema: { minimum: 0, description: '0 = blocked' },
    validators: () => [IsInt(), Min(0), Max(MAX_CREDIT_LIMIT)],
  },
  ZahlungsMethode: {
    type: String,
    schema: { example: 'K,R' },
    validators: () => [
      NormalizePaymentMethods(LENGTH.ZahlungsMethode),
      IsString(),
      MaxLength(LENGTH.ZahlungsMethode),
      IsPaymentMethodList(),
    ],
  },
  KundBez: text(LENGTH.KundBez),
  BrancheID: text(LENGTH.BrancheID),
} satisfies Record<string, FieldRule>;

type FieldName = keyof typeof GRUND_DATEN;

/** The decorators as if written one above the other on the property (the lowest applies first). */
function stacked(...decorators: FieldDecorator[]): FieldDecorator {
  return (target, key) => {
    for (const decorator of [...decorators].reverse()) decorator(target, key);
  };
}

/** A field the request must give (POST: WaehrAbk, FAKTZahlArt). */
export function RequiredField(name: FieldName, docs: FieldDocs = {}): FieldDecorator {
  const rule: FieldRule = GRUND_DATEN[name];
  return stacked(ApiProperty({ ...rule.schema, ...docs } as ApiPropertyOptions), ...rule.validators());
}

/**
 * A field that may be left out or null (null clears it). `docs` describe it in the OpenAPI
 * document. The document of POST has always listed `nullable` and a `default` ahead of the
 * field's constraints and the one of PUT after them (`layout`): kept, so that it stays the same.
 */
export function OptionalField(
  name: FieldName,
  docs: FieldDocs = {},
  layout: 'post' | 'put' = 'post',
): FieldDecorator {
  const rule: FieldRule = GRUND_DATEN[name];
  const { default: byDefault, ...described } = docs;
  const first = byDefault === undefined ? {} : { default: byDefault };
  const schema =
    layout === 'post'
      ? { type: rule.type, nullable: true, ...first, ...rule.schema, ...described }
      : { ...rule.schema, nullable: true, type: rule.type, ...first, ...described };
  return stacked(ApiPropertyOptional(schema as ApiPropertyOptions), IsOptional(), ...rule.validators());
}

/** PUT: a field that may be left out but, once given, not cleared (null is a 400). */
export function UnclearableField(name: FieldName): FieldDecorator {
  const rule: FieldRule = GRUND_DATEN[name];
  return stacked(
    ApiPropertyOptional(rule.schema as ApiPropertyOptions),
    ValidateIf((o: Record<string, unknown>) => o[name] !== undefined),
    ...rule.validators(),
  );
}
