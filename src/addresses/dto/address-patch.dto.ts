import { ApiPropertyOptional } from '@nestjs/swagger';
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
  @NormalizeLanguage()
  @IsString()
  @Length(3, 3)
  @IsLanguageCode()
  AdrSprache?: string;

  @ApiPropertyOptional({ maxLength: 255, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  EmailAdress?: string | null;

  @ApiPropertyOptional({ maxLength: 60 })
  @given('AdrAdresse1')
  @IsString()
  @IsNotEmpty()
  @MaxLength(60)
  AdrAdresse1?: string;

  @ApiPropertyOptional({ maxLength: 60, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(60)
  AdrAdresse2?: string | null;

  @ApiPropertyOptional({ oneOf: [{ type: 'integer' }, { type: 'string' }], description: '0, 1 or 2' })
  @given('AdrAnrede')
  @Transform(({ value }) => toSalutationNumber(value))
  @IsInt({ message: 'AdrAnrede must be 0, 1 or 2 (number or numeric string)' })
  @Min(0)
  @Max(2)
  AdrAnrede?: number;

  @ApiPropertyOptional({
    oneOf: [{ type: 'integer' }, { type: 'string' }],
    description: 'Alias of AdrAnrede: 0/1/2, "0"/"1"/"2" or Firma/Herr/Frau',
  })
  @given('Anrede')
  @Transform(({ value }) => toSalutationFromText(value))
  @IsInt({ message: 'Anrede must be 0, 1, 2 or one of Firma, Herr, Frau' })
  @Min(0)
  @Max(2)
  Anrede?: number;

  @ApiPropertyOptional({ maxLength: 28, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(28)
  AdrFax?: string | null;

  @ApiPropertyOptional({ maxLength: 36, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(36)
  AdrFirma?: string | null;

  @ApiPropertyOptional({ maxLength: 36, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(36)
  AdrFirma2?: string | null;

  @ApiPropertyOptional({ maxLength: 36, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(36)
  AdrVorname?: string | null;

  @ApiPropertyOptional({ maxLength: 36, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(36)
  AdrName?: string | null;

  @ApiPropertyOptional({ maxLength: 28, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(28)
  AdrTelex?: string | null;

  @ApiPropertyOptional({ maxLength: 28, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(28)
  AdrTf1?: string | null;

  @ApiPropertyOptional({ maxLength: 28, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(28)
  AdrTf2?: string | null;

  @ApiPropertyOptional({ maxLength: 4, example: 'CH' })
  @given('OrtLand')
  @NormalizeCountry()
  @IsString()
  @MaxLength(4)
  @IsCountryCode()
  OrtLand?: string;

  @ApiPropertyOptional({ maxLength: 48 })
  @given('OrtName')
  @IsString()
  @MaxLength(48)
  OrtName?: string;

  @ApiPropertyOptional({ maxLength: 10 })
  @given('OrtPLZ')
  @IsString()
  @IsNotEmpty()
  @MaxLength(10)
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
