import { ApiProperty } from '@nestjs/swagger';

/** A link object of the spec: absolute URL, HTTP method, relation. */
export class LinkDto {
  @ApiProperty({ maxLength: 2048, example: 'https://erp.example.com/www/adressen/1' })
  href!: string;

  @ApiProperty({ maxLength: 2048, example: 'GET', description: 'HTTP method' })
  type!: string;

  @ApiProperty({ maxLength: 2048, example: 'adressen' })
  rel!: string;
}
