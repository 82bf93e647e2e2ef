import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { MAX_LINES } from './create-order.dto';
import { PaymentInputDto } from './payment-input.dto';

class ConvertOfferHeaderDto {
  @ApiProperty({ maxLength: 8, example: '10001', description: 'The customer the order is for' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(8)
  KundNr!: string;

  @ApiProperty({ maxLength: 10, example: '500001', description: 'The offer (AuftStatus P) to convert' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(10)
  OffertNr!: string;
}

export class ConvertOfferDto {
  @ApiProperty({ type: ConvertOfferHeaderDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => ConvertOfferHeaderDto)
  GrundDaten!: ConvertOfferHeaderDto;

  @ApiPropertyOptional({ type: [PaymentInputDto], maxItems: MAX_LINES })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_LINES)
  @ValidateNested({ each: true })
  @Type(() => PaymentInputDto)
  Zahlung?: PaymentInputDto[] | null;
}
