import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { AddressInputDto } from '../../addresses/dto/address-input.dto';
import { OptionalField, RequiredField } from './customer-fields';

export { MAX_CREDIT_LIMIT } from './customer-fields';

/** GrundDaten of POST /www/kunden: WaehrAbk and FAKTZahlArt required, the rest optional. */
export class CreateCustomerGrundDatenDto {
  @RequiredField('WaehrAbk', { description: 'Customer currency, ISO 4217' })
  WaehrAbk!: string;

  @RequiredField('FAKTZahlArt', {
    example: 'L',
    description: 'L = direct debit, B = cash/credit card, others allowed',
  })
  FAKTZahlArt!: string;

  @OptionalField('AUFT_SPESEN', { description: 'Expense calculation value' })
  AUFT_SPESEN?: string | null;

  @OptionalField('VBTyp', { description: 'Shipping condition type' })
  VBTyp?: string | null;

  @OptionalField('TVTyp', { description: 'Transport insurance type' })
  TVTyp?: string | null;

  @OptionalField('Kommentar')
  Kommentar?: string | null;

  @OptionalField('SteuerNummer')
  SteuerNummer?: string | null;

  @OptionalField('FirmenURL')
  FirmenURL?: string | null;

  @OptionalField('KreditLimit', { default: 0 })
  KreditLimit?: number | null;

  @OptionalField('ZahlungsMethode', { description: 'Comma-separated: K = card paid outside, R = invoice' })
  ZahlungsMethode?: string | null;

  @OptionalField('KundBez', {
    description: 'Beyond the spec: customer designation (default: from KontaktAdr)',
  })
  KundBez?: string | null;

  @OptionalField('BrancheID', { description: 'Beyond the spec: branch identifier' })
  BrancheID?: string | null;
}

class CreateCustomerAddressesDto {
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
