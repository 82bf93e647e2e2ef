import { ApiPropertyOptional } from '@nestjs/swagger';
import { ADDRESS_FIELD_LENGTHS as LENGTH } from '@app/erp-db';
import { Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import {
  IsCountryCode,
  IsLanguageCode,
  NormalizeCountry,
  NormalizeLanguage,
  SALUTATION_DIGITS,
  SALUTATION_TEXT,
  toSalutationFromText,
  toSalutationNumber,
} from '../validation/address-validators';

/** Present means "set"; these fields cannot be cleared (null is a 400). */
const given = (field: string) => ValidateIf((o: Record<string, unknown>) => o[field] !== undefined);

/**
 * PATCH /www/adressen/{AdrNr}: any address field; absent fields stay as they are, null clears an
 * optional one. `Anrede` is an alias of AdrAnrede that also takes Firma/Herr/Frau.
 */
export class AddressPatchDto {
  @ApiPropertyOptional({ minLength: 3, maxLength: 3, example: 'fre', description: 'ISO 639-2/B, char(3)' })
  @given('AdrSprache')
  @NormalizeLanguage(3)
  @IsString()
  @Length(3, 3)
  @IsLanguageCode()
  AdrSprache?: string;

  @ApiPropertyOptional({ maxLength: LENGTH.EmailAdress, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.EmailAdress)
  EmailAdress?: string | null;

  @ApiPropertyOptional({ maxLength: LENGTH.AdrAdresse1 })
  @given('AdrAdresse1')
  @IsString()
  @IsNotEmpty()
  @MaxLength(LENGTH.AdrAdresse1)
  AdrAdresse1?: string;

  @ApiPropertyOptional({ maxLength: LENGTH.AdrAdresse2, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.AdrAdresse2)
  AdrAdresse2?: string | null;

  @ApiPropertyOptional({
    oneOf: [{ type: 'integer' }, { type: 'string', pattern: SALUTATION_DIGITS }],
    description: '0, 1 or 2',
  })
  @given('AdrAnrede')
  @Transform(({ value }) => toSalutationNumber(value))
  @IsInt({ message: 'AdrAnrede must be 0, 1 or 2 (number or numeric string)' })
  @Min(0)
  @Max(2)
  AdrAnrede?: number;

  @ApiPropertyOptional({
    oneOf: [{ type: 'integer' }, { type: 'string', pattern: SALUTATION_TEXT }],
    description: 'Alias of AdrAnrede: 0/1/2, "0"/"1"/"2" or Firma/Herr/Frau',
  })
  @given('Anrede')
  @Transform(({ value }) => toSalutationFromText(value))
  @IsInt({ message: 'Anrede must be 0, 1, 2 or one of Firma, Herr, Frau' })
  @Min(0)
  @Max(2)
  Anrede?: number;

  @ApiPropertyOptional({ maxLength: LENGTH.AdrFax, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.AdrFax)
  AdrFax?: string | null;

  @ApiPropertyOptional({ maxLength: LENGTH.AdrFirma, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.AdrFirma)
  AdrFirma?: string | null;

  @ApiPropertyOptional({ maxLength: LENGTH.AdrFirma2, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.AdrFirma2)
  AdrFirma2?: string | null;

  @ApiPropertyOptional({ maxLength: LENGTH.AdrVorname, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.AdrVorname)
  AdrVorname?: string | null;

  @ApiPropertyOptional({ maxLength: LENGTH.AdrName, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.AdrName)
  AdrName?: string | null;

  @ApiPropertyOptional({ maxLength: LENGTH.AdrTelex, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.AdrTelex)
  AdrTelex?: string | null;

  @ApiPropertyOptional({ maxLength: LENGTH.AdrTf1, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.AdrTf1)
  AdrTf1?: string | null;

  @ApiPropertyOptional({ maxLength: LENGTH.AdrTf2, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.AdrTf2)
  AdrTf2?: string | null;

  @ApiPropertyOptional({ maxLength: LENGTH.OrtLand, example: 'CH' })
  @given('OrtLand')
  @NormalizeCountry(LENGTH.OrtLand)
  @IsString()
  @MaxLength(LENGTH.OrtLand)
  @IsCountryCode()
  OrtLand?: string;

  @ApiPropertyOptional({ maxLength: LENGTH.OrtName })
  @given('OrtName')
  @IsString()
  @MaxLength(LENGTH.OrtName)
  OrtName?: string;

  @ApiPropertyOptional({ maxLength: LENGTH.OrtPLZ })
  @given('OrtPLZ')
  @IsString()
  @IsNotEmpty()
  @MaxLength(LENGTH.OrtPLZ)
  OrtPLZ?: string;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    enum: [0, 1],
    description: 'Checks the postal code of the patched address (default 1 for CH, else 0)',
  })
  @IsOptional()
  @IsIn([0, 1], { message: 'AdrCheck must be 0 or 1' })
  AdrCheck?: number | null;
}
