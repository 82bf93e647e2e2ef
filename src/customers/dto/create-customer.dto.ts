import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { CUSTOMER_FIELD_LENGTHS as LENGTH } from '@app/erp-db';
import {
  IsDefined,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { AddressInputDto } from '../../addresses/dto/address-input.dto';
import { IsPaymentMethodList, NormalizeCurrency, NormalizePaymentMethods } from './customer-validators';

export const MAX_CREDIT_LIMIT = 2147483647;

/** GrundDaten of POST /www/kunden: WaehrAbk and FAKTZahlArt required, the rest optional. */
export class CreateCustomerGrundDatenDto {
  @ApiProperty({ maxLength: LENGTH.WaehrAbk, example: 'CHF', description: 'Customer currency, ISO 4217' })
  @NormalizeCurrency()
  @IsString()
  @MaxLength(LENGTH.WaehrAbk)
  @Matches(/^[A-Z]{3}$/, { message: 'WaehrAbk must be an ISO 4217 currency code such as CHF or EUR' })
  WaehrAbk!: string;

  @ApiProperty({
    minLength: 1,
    maxLength: 1,
    example: 'L',
    description: 'L = direct debit, B = cash/credit card, others allowed',
  })
  @IsString()
  @Length(1, 1)
  FAKTZahlArt!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: LENGTH.AUFT_SPESEN,
    description: 'Expense calculation value',
  })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.AUFT_SPESEN)
  AUFT_SPESEN?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: LENGTH.VBTyp,
    description: 'Shipping condition type',
  })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.VBTyp)
  VBTyp?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: LENGTH.TVTyp,
    description: 'Transport insurance type',
  })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.TVTyp)
  TVTyp?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: LENGTH.Kommentar })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.Kommentar)
  Kommentar?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: LENGTH.SteuerNummer })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.SteuerNummer)
  SteuerNummer?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: LENGTH.FirmenURL })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.FirmenURL)
  FirmenURL?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, default: 0, minimum: 0, description: '0 = blocked' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_CREDIT_LIMIT)
  KreditLimit?: number | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'K,R',
    description: 'Comma-separated: K = card paid outside, R = invoice',
  })
  @IsOptional()
  @NormalizePaymentMethods()
  @IsString()
  @MaxLength(LENGTH.ZahlungsMethode)
  @IsPaymentMethodList()
  ZahlungsMethode?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: LENGTH.KundBez,
    description: 'Beyond the spec: customer designation (default: from KontaktAdr)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.KundBez)
  KundBez?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: LENGTH.BrancheID,
    description: 'Beyond the spec: branch identifier',
  })
  @IsOptional()
  @IsString()
  @MaxLength(LENGTH.BrancheID)
  BrancheID?: string | null;
}

export class CreateCustomerAddressesDto {
  @ApiProperty({ type: AddressInputDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => AddressInputDto)
  KontaktAdr!: AddressInputDto;

  @ApiPropertyOptional({ type: AddressInputDto, description: 'Default: KontaktAdr' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => AddressInputDto)
  LiefAdr?: AddressInputDto | null;

  @ApiPropertyOptional({ type: AddressInputDto, description: 'Default: KontaktAdr' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => AddressInputDto)
  RechAdr?: AddressInputDto | null;
}

export class CreateCustomerDto {
  @ApiProperty({ type: CreateCustomerGrundDatenDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => CreateCustomerGrundDatenDto)
  GrundDaten!: CreateCustomerGrundDatenDto;

  @ApiProperty({ type: CreateCustomerAddressesDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => CreateCustomerAddressesDto)
  Adressen!: CreateCustomerAddressesDto;
}
