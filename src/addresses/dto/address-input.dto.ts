import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ADDRESS_FIELD_LENGTHS } from '@app/erp-db';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ApiSchemaRule } from '../../common/http/openapi-constraints';
import {
  IsCountryCode,
  IsLanguageCode,
  IsNameOrFirma,
  NAME_OR_FIRMA,
  NormalizeCountry,
  NormalizeLanguage,
  SALUTATION_DIGITS,
  toSalutationNumber,
} from '../validation/address-validators';

export { ADDRESS_FIELD_LENGTHS };
const LENGTH = ADDRESS_FIELD_LENGTHS;

export type AddressTextField = keyof typeof ADDRESS_FIELD_LENGTHS;

/**
 * An address in a request (customer POST, order POST): AdrSprache, AdrAnrede, AdrAdresse1,
 * OrtLand, OrtName and OrtPLZ are required, everything else optional; one of AdrFirma or
 * AdrName must be given. AdrCheck (request only) defaults to 1 for CH, else 0.
 */
@ApiSchemaRule(NAME_OR_FIRMA)
export class AddressInputDto {
  @ApiProperty({
    maxLength: LENGTH.AdrSprache,
    example: 'ger',
    description: 'Language, ISO 639-2/B (ger, fre, ita, eng, ...)',
  })
  @NormalizeLanguage(LENGTH.AdrSprache)
  @IsLanguageCode()
  @MaxLength(LENGTH.AdrSprache)
  @IsString()
  AdrSprache!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: LENGTH.EmailAdress,
    example: 'info@muster-ag.ch',
  })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.EmailAdress)
  EmailAdress?: string | null;

  @ApiProperty({
    maxLength: LENGTH.AdrAdresse1,
    example: 'Bahnhofstrasse 1',
    description: 'Street and house number',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(LENGTH.AdrAdresse1)
  AdrAdresse1!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: LENGTH.AdrAdresse2 })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.AdrAdresse2)
  AdrAdresse2?: string | null;

  @ApiProperty({
    oneOf: [{ type: 'integer' }, { type: 'string', pattern: SALUTATION_DIGITS }],
    example: 1,
    description: 'Salutation: 0 = company/general, 1 = Herr, 2 = Frau (number or numeric string)',
  })
  @Transform(({ value }) => toSalutationNumber(value))
  @IsInt({ message: 'AdrAnrede must be 0, 1 or 2 (number or numeric string)' })
  @Min(0)
  @Max(2)
  AdrAnrede!: number;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: LENGTH.AdrFax })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.AdrFax)
  AdrFax?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: LENGTH.AdrFirma,
    example: 'Muster AG',
    description: 'Company name; one of AdrFirma or AdrName is required',
  })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.AdrFirma)
  AdrFirma?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: LENGTH.AdrFirma2 })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.AdrFirma2)
  AdrFirma2?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: LENGTH.AdrVorname })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.AdrVorname)
  AdrVorname?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: LENGTH.AdrName,
    example: 'Muster',
    description: 'Last name; one of AdrFirma or AdrName is required',
  })
  @IsNameOrFirma(LENGTH.AdrName)
  AdrName?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: LENGTH.AdrTelex,
    description: 'Mobile number',
  })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.AdrTelex)
  AdrTelex?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: LENGTH.AdrTf1,
    description: 'Direct telephone',
  })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.AdrTf1)
  AdrTf1?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: LENGTH.AdrTf2,
    description: 'Central telephone',
  })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.AdrTf2)
  AdrTf2?: string | null;

  @ApiProperty({ maxLength: LENGTH.OrtLand, example: 'CH', description: 'Country, ISO 3166-1 alpha-2' })
  @NormalizeCountry(LENGTH.OrtLand)
  @IsCountryCode()
  @MaxLength(LENGTH.OrtLand)
  @IsString()
  OrtLand!: string;

  @ApiProperty({
    maxLength: LENGTH.OrtName,
    example: 'Zürich',
    description: 'Town (corrected from the postal directory when AdrCheck is on)',
  })
  @IsString()
  @MaxLength(LENGTH.OrtName)
  OrtName!: string;

  @ApiProperty({ maxLength: LENGTH.OrtPLZ, example: '8001' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(LENGTH.OrtPLZ)
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
