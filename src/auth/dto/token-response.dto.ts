import { ApiProperty } from '@nestjs/swagger';

export class TokenResponseDto {
  @ApiProperty({ description: 'Token for bearer authentication' })
  access_token!: string;

  @ApiProperty({ description: 'Lifetime in seconds', example: 3600 })
  expires_in!: number;

  @ApiProperty({ example: 'Bearer' })
  token_type!: string;
}
