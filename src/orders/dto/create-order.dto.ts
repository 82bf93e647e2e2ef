import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsPositive,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { AddressInputDto } from '../../addresses/dto/address-input.dto';
import { PaymentInputDto } from './payment-input.dto';
import {
  EmptyToUndefined,
  IsIsoDateTime,
  MaxDecimalPlaces,
  NUMERIC_STRING_PATTERN,
  NumericStringToNumber,
} from './order-validators';

/** Upper bound of quantities and prices: keeps every amount exact in decimal(19,2) and in JSON. */
const MAX_AMOUNT = 999_999_999;
export const MAX_LINES = 999;

class OrderHeaderInputDto {
  @ApiProperty({ maxLength: 8, example: '10001', description: 'Customer number (Debitor)' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(8)
  KundNr!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 36,
    example: 'SHOP-2026-0042',
    description:
      'Order number in the shop; a second POST with the same KundNr + AuftBestellNr creates nothing (200)',
  })
  @EmptyToUndefined()
  @IsOptional()
  @IsString()
  @MaxLength(36)
  AuftBestellNr?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 80 })
  @IsOptional()
  @IsString()
  @MaxLength(80)
  AuftBez?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 60 })
  @IsOptional()
  @IsString()
  @MaxLength(60)
  AuftBestellRef?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '2026-03-01T10:15:00Z',
    description: 'Order date, ISO 8601 with offset',
  })
  @IsOptional()
  @IsIsoDateTime()
  AuftBestellT?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '2026-03-05T00:00:00Z',
    description: 'Delivery date, ISO 8601 with offset',
  })
  @IsOptional()
  @IsIsoDateTime()
  AuftLieferT?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 4,
    example: 'CHF',
    description: 'Currency; default: the leading currency',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(4)
  WaehrAbk?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255 })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  AuftKomment?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 6,
    description: "Cost unit; default: the customer's",
  })
  @IsOptional()
  @IsString()
  @MaxLength(6)
  KTNr?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 1, description: 'Location of the order' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2147483647)
  StaoNr?: number | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: 255,
    description: 'Payment condition (tinyint)',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(255)
  KundBedTyp?: number | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    example: 8.5,
    description: 'Delivery costs (recorded; not part of the line totals)',
  })
  @IsOptional()
  @MaxDecimalPlaces(4)
  @Min(0)
  @Max(MAX_AMOUNT)
  AuftLiefKost?: number | null;
}

class OrderAddressesInputDto {
  @ApiPropertyOptional({ type: AddressInputDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => AddressInputDto)
  KontaktAdr?: AddressInputDto | null;

  @ApiPropertyOptional({ type: AddressInputDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => AddressInputDto)
  LiefAdr?: AddressInputDto | null;

  @ApiPropertyOptional({ type: AddressInputDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => AddressInputDto)
  RechAdr?: AddressInputDto | null;
}

export class OrderLineInputDto {
  @ApiProperty({ maxLength: 15, example: '1000' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(15)
  ArtNr!: string;

  @ApiProperty({
    example: 12,
    description:
      'Quantity in the base unit (> 0, at most 4 decimals). With VPEinheit it must be a whole number of packaging units',
  })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @IsPositive({ message: 'Menge must be greater than 0' })
  @MaxDecimalPlaces(4)
  @Max(MAX_AMOUNT)
  Menge!: number;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 2048,
    description: "Default: the article text in the customer's language",
  })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  PosBez?: string | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    example: 18.5,
    description:
      'Unit price (per packaging unit when VPEinheit is given); omitted: the price determination of the article list',
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @MaxDecimalPlaces(4)
  @Max(MAX_AMOUNT)
  Preis?: number | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 30,
    example: 'KAR',
    description: 'Packaging unit of the article',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(30)
  VPEinheit?: string | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    example: 5,
    description: 'Discount in percent (0-100, at most 3 decimals)',
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(100)
  @MaxDecimalPlaces(3)
  GRabSatz?: number | null;

  @ApiPropertyOptional({
    oneOf: [{ type: 'integer' }, { type: 'string', pattern: NUMERIC_STRING_PATTERN }],
    example: '10',
    description: 'Display number (number or numeric string); default: the line number',
  })
  @IsOptional()
  @NumericStringToNumber()
  @IsInt({ message: 'VisPosNr must be a whole number (number or numeric string)' })
  @Min(0)
  @Max(2147483647)
  VisPosNr?: number | null;
}

export class CreateOrderDto {
  @ApiProperty({ type: OrderHeaderInputDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => OrderHeaderInputDto)
  GrundDaten!: OrderHeaderInputDto;

  @ApiPropertyOptional({
    type: OrderAddressesInputDto,
    description: "Addresses for this order only, overriding the customer's (AdrCheck applies)",
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => OrderAddressesInputDto)
  Adressen?: OrderAddressesInputDto | null;

  @ApiProperty({ type: [OrderLineInputDto], maxItems: MAX_LINES })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_LINES)
  @ValidateNested({ each: true })
  @Type(() => OrderLineInputDto)
  Positionen!: OrderLineInputDto[];

  @ApiPropertyOptional({ type: [PaymentInputDto], maxItems: MAX_LINES })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_LINES)
  @ValidateNested({ each: true })
  @Type(() => PaymentInputDto)
  Zahlung?: PaymentInputDto[] | null;
}
