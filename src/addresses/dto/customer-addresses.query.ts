import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** GET /www/adressen?debinr= */
export class CustomerAddressesQuery {
  @ApiProperty({ maxLength: 8, example: '10001', description: 'Customer key (DebiNr)' })
  @IsString({ message: 'debinr must be given once, as text' })
  @IsNotEmpty()
  @MaxLength(8)
  debinr!: string;
}
