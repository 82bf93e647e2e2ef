import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class OrderNumberParam {
  @ApiProperty({ maxLength: 10, example: '100001' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(10)
  AuftNr!: string;
}
