import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** A payment label: reserved Bezeichnung values are Dienstleister, TransID and payment_method. */
export class PaymentInputDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255, example: 'TransID' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  Bezeichnung?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200, example: 'pi_3OqX8e2eZvKYlo2C' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  Wert?: string | null;
}
