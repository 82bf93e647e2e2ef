import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsOptional, ValidateNested } from 'class-validator';
import { ApiSchemaRule, NULL_ONLY } from '../../common/http/openapi-constraints';
import { OptionalField, UnclearableField } from './customer-fields';

/**
 * The GrundDaten fields of POST, all optional (D6); null clears an optional text. WaehrAbk,
 * FAKTZahlArt and KreditLimit may be left out but not cleared (null is a 400).
 */
export class UpdateCustomerFieldsDto {
  @UnclearableField('WaehrAbk')
  WaehrAbk?: string;

  @UnclearableField('FAKTZahlArt')
  FAKTZahlArt?: string;

  @OptionalField('AUFT_SPESEN', {}, 'put')
  AUFT_SPESEN?: string | null;

  @OptionalField('VBTyp', {}, 'put')
  VBTyp?: string | null;

  @OptionalField('TVTyp', {}, 'put')
  TVTyp?: string | null;

  @OptionalField('Kommentar', {}, 'put')
  Kommentar?: string | null;

  @OptionalField('SteuerNummer', {}, 'put')
  SteuerNummer?: string | null;

  @OptionalField('FirmenURL', {}, 'put')
  FirmenURL?: string | null;

  @UnclearableField('KreditLimit')
  KreditLimit?: number;

  @OptionalField('ZahlungsMethode', {}, 'put')
  ZahlungsMethode?: string | null;

  @OptionalField('KundBez', { description: 'Beyond the spec' }, 'put')
  KundBez?: string | null;

  @OptionalField('BrancheID', { description: 'Beyond the spec' }, 'put')
  BrancheID?: string | null;
}

/**
 * PUT /www/kunden/{DebiNr}: the fields inside `GrundDaten` (as in POST) or, equally, at the top
 * level; not both.
 */
@ApiSchemaRule({
  anyOf: [
    { not: { required: ['GrundDaten'] } },
    { maxProperties: 1 },
    { properties: { GrundDaten: NULL_ONLY } },
  ],
})
export class UpdateCustomerDto extends UpdateCustomerFieldsDto {
  @ApiPropertyOptional({ type: UpdateCustomerFieldsDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => UpdateCustomerFieldsDto)
  GrundDaten?: UpdateCustomerFieldsDto;
}
