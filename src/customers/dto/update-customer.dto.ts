import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { CUSTOMER_FIELD_LENGTHS as LENGTH } from '@app/erp-db';
import {
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { MAX_CREDIT_LIMIT } from './create-customer.dto';
import { IsPaymentMethodList, NormalizeCurrency, NormalizePaymentMethods } from './customer-validators';

/** Present means "set"; these fields cannot be cleared (null is a 400). */
const given = (field: string) => ValidateIf((o: Record<string, unknown>) => o[field] !== undefined);

/** The GrundDaten fields of POST, all optional (D6); null clears an optional text. */
export class UpdateCustomerFieldsDto {
  @ApiPropertyOptional({ maxLength: LENGTH.WaehrAbk, example: 'CHF' })
  @given('WaehrAbk')
  @NormalizeCurrency()
  @IsString()
  @MaxLength(LENGTH.WaehrAbk)
  @Matches(/^[A-Z]{3}$/, { message: 'WaehrAbk must be an ISO 4217 currency code such as CHF or EUR' })
  WaehrAbk?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 1 })
  @given('FAKTZahlArt')
  @IsString()
  @Length(1, 1)
  FAKTZahlArt?: string;

  @ApiPropertyOptional({ maxLength: LENGTH.AUFT_SPESEN, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.AUFT_SPESEN)
  AUFT_SPESEN?: string | null;

  @ApiPropertyOptional({ maxLength: LENGTH.VBTyp, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.VBTyp)
  VBTyp?: string | null;

  @ApiPropertyOptional({ maxLength: LENGTH.TVTyp, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.TVTyp)
  TVTyp?: string | null;

  @ApiPropertyOptional({ maxLength: LENGTH.Kommentar, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.Kommentar)
  Kommentar?: string | null;

  @ApiPropertyOptional({ maxLength: LENGTH.SteuerNummer, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.SteuerNummer)
  SteuerNummer?: string | null;

  @ApiPropertyOptional({ maxLength: LENGTH.FirmenURL, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.FirmenURL)
  FirmenURL?: string | null;

  @ApiPropertyOptional({ minimum: 0, description: '0 = blocked' })
  @given('KreditLimit')
  @IsInt()
  @Min(0)
  @Max(MAX_CREDIT_LIMIT)
  KreditLimit?: number;

  @ApiPropertyOptional({ example: 'K,R', nullable: true, type: String })
  @IsOptional()
  @NormalizePaymentMethods()
  @IsString()
  @MaxLength(LENGTH.ZahlungsMethode)
  @IsPaymentMethodList()
  ZahlungsMethode?: string | null;

  @ApiPropertyOptional({
    maxLength: LENGTH.KundBez,
    nullable: true,
    type: String,
    description: 'Beyond the spec',
  })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.KundBez)
  KundBez?: string | null;

  @ApiPropertyOptional({
    maxLength: LENGTH.BrancheID,
    nullable: true,
    type: String,
    description: 'Beyond the spec',
  })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.BrancheID)
  BrancheID?: string | null;
}

/**
 * PUT /www/kunden/{DebiNr}: the fields inside `GrundDaten` (as in POST) or, equally, at the top
 * level; not both.
 */
export class UpdateCustomerDto extends UpdateCustomerFieldsDto {
  @ApiPropertyOptional({ type: UpdateCustomerFieldsDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => UpdateCustomerFieldsDto)
  GrundDaten?: UpdateCustomerFieldsDto;
}
