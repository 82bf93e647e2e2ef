import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
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
  @ApiPropertyOptional({ maxLength: 4, example: 'CHF' })
  @given('WaehrAbk')
  @NormalizeCurrency()
  @IsString()
  @MaxLength(4)
  @Matches(/^[A-Z]{3}$/, { message: 'WaehrAbk must be an ISO 4217 currency code such as CHF or EUR' })
  WaehrAbk?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 1 })
  @given('FAKTZahlArt')
  @IsString()
  @Length(1, 1)
  FAKTZahlArt?: string;

  @ApiPropertyOptional({ maxLength: 32, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  AUFT_SPESEN?: string | null;

  @ApiPropertyOptional({ maxLength: 12, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(12)
  VBTyp?: string | null;

  @ApiPropertyOptional({ maxLength: 12, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(12)
  TVTyp?: string | null;

  @ApiPropertyOptional({ maxLength: 255, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  Kommentar?: string | null;

  @ApiPropertyOptional({ maxLength: 20, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  SteuerNummer?: string | null;

  @ApiPropertyOptional({ maxLength: 20, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(20)
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
  @MaxLength(20)
  @IsPaymentMethodList()
  ZahlungsMethode?: string | null;

  @ApiPropertyOptional({ maxLength: 24, nullable: true, type: String, description: 'Beyond the spec' })
  @IsOptional()
  @IsString()
  @MaxLength(24)
  KundBez?: string | null;

  @ApiPropertyOptional({ maxLength: 12, nullable: true, type: String, description: 'Beyond the spec' })
  @IsOptional()
  @IsString()
  @MaxLength(12)
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
