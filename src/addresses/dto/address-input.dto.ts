import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  IsCountryCode,
  IsLanguageCode,
  IsNameOrFirma,
  NormalizeCountry,
  NormalizeLanguage,
  toSalutationNumber,
} from '../validation/address-validators';

/** Column lengths of the address fields (Adressen); over the limit is a 400, never a truncation. */
export const ADDRESS_FIELD_LENGTHS = {
  AdrSprache: 4,
  EmailAdress: 255,
  AdrAdresse1: 60,
  AdrAdresse2: 60,
  AdrFax: 28,
  AdrFirma: 36,
  AdrFirma2: 36,
  AdrVorname: 36,
  AdrName: 36,
  AdrTelex: 28,
  AdrTf1: 28,
  AdrTf2: 28,
  OrtLand: 4,
  OrtName: 48,
  OrtPLZ: 10,
} as const;

export type AddressTextField = keyof typeof ADDRESS_FIELD_LENGTHS;

/**
 * An address in a request (customer POST, order POST): AdrSprache, AdrAnrede, AdrAdresse1,
 * OrtLand, OrtName and OrtPLZ are required, everything else optional; one of AdrFirma or
 * AdrName must be given. AdrCheck (request only) defaults to 1 for CH, else 0.
 */
export class AddressInputDto {
  @ApiProperty({
    maxLength: 4,
    example: 'ger',
    description: 'Language, ISO 639-2/B (ger, fre, ita, eng, ...)',
  })
  @NormalizeLanguage()
  @IsLanguageCode()
  @MaxLength(4)
  @IsString()
  AdrSprache!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255, example: 'info@muster-ag.ch' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  EmailAdress?: string | null;

  @ApiProperty({ maxLength: 60, example: 'Bahnhofstrasse 1', description: 'Street and house number' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(60)
  AdrAdresse1!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 60 })
  @IsOptional()
  @IsString()
  @MaxLength(60)
  AdrAdresse2?: string | null;

  @ApiProperty({
    oneOf: [{ type: 'integer' }, { type: 'string' }],
    example: 1,
    description: 'Salutation: 0 = company/general, 1 = Herr, 2 = Frau (number or numeric string)',
  })
  @Transform(({ value }) => toSalutationNumber(value))
  @IsInt({ message: 'AdrAnrede must be 0, 1 or 2 (number or numeric string)' })
  @Min(0)
  @Max(2)
  AdrAnrede!: number;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 28 })
  @IsOptional()
  @IsString()
  @MaxLength(28)
  AdrFax?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 36,
    description: 'Company name; one of AdrFirma or AdrName is required',
  })
  @IsOptional()
  @IsString()
  @MaxLength(36)
  AdrFirma?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 36 })
  @IsOptional()
  @IsString()
  @MaxLength(36)
  AdrFirma2?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 36 })
  @IsOptional()
  @IsString()
  @MaxLength(36)
  AdrVorname?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 36,
    description: 'Last name; one of AdrFirma or AdrName is required',
  })
  @IsNameOrFirma(36)
  AdrName?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 28, description: 'Mobile number' })
  @IsOptional()
  @IsString()
  @MaxLength(28)
  AdrTelex?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 28, description: 'Direct telephone' })
  @IsOptional()
  @IsString()
  @MaxLength(28)
  AdrTf1?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 28, description: 'Central telephone' })
  @IsOptional()
  @IsString()
  @MaxLength(28)
  AdrTf2?: string | null;

  @ApiProperty({ maxLength: 4, example: 'CH', description: 'Country, ISO 3166-1 alpha-2' })
  @NormalizeCountry()
  @IsCountryCode()
  @MaxLength(4)
  @IsString()
  OrtLand!: string;

  @ApiProperty({
    maxLength: 48,
    example: 'Zürich',
    description: 'Town (corrected from the postal directory when AdrCheck is on)',
  })
  @IsString()
  @MaxLength(48)
  OrtName!: string;

  @ApiProperty({ maxLength: 10, example: '8001' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(10)
  OrtPLZ!: string;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    enum: [0, 1],
    description: 'Request only: 1 checks the postal code and corrects the town. Default 1 for CH, else 0',
  })
  @IsOptional()
  @IsIn([0, 1], { message: 'AdrCheck must be 0 or 1' })
  AdrCheck?: number | null;
}
