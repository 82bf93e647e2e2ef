import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString } from 'class-validator';
import { ApiSchemaRule } from '../../common/http/openapi-constraints';
import { EXAMPLE_PDF, EXAMPLE_XML } from './zugferd-examples';

const zugferdOperations = ['Extract', 'Combine'] as const;
type ZugferdOperation = (typeof zugferdOperations)[number];

/** The request body of POST /www/zugferd once it has been validated. */
export interface ZugferdRequest {
  Operation: ZugferdOperation;
  PDF: string;
  XML?: string;
  Verbose?: boolean;
  Debug?: boolean;
}

/** POST /www/zugferd: the PDF and XML travel as Base64 inside the JSON body; Combine needs the XML. */
@ApiSchemaRule({
  anyOf: [
    { properties: { Operation: { enum: ['Extract'] } } },
    { required: ['XML'], properties: { XML: { type: 'string', minLength: 1 } } },
  ],
})
export class ZugferdRequestDto implements ZugferdRequest {
  @ApiProperty({
    enum: zugferdOperations,
    example: 'Combine',
    description: 'Extract the invoice XML, or Combine PDF and XML.',
  })
  @IsIn(zugferdOperations)
  Operation!: ZugferdOperation;

  @ApiProperty({ description: 'Base64 of the PDF input file.', format: 'byte', example: EXAMPLE_PDF })
  @IsString()
  PDF!: string;

  @ApiPropertyOptional({
    description: 'Base64 of the invoice XML (CII: ZUGFeRD, Factur-X, XRechnung); required by Combine.',
    format: 'byte',
    example: EXAMPLE_XML,
  })
  @IsOptional()
  @IsString()
  XML?: string;

  @ApiPropertyOptional({ description: 'Write the processing steps to the service log.', default: false })
  @IsOptional()
  @IsBoolean()
  Verbose?: boolean;

  @ApiPropertyOptional({
    description: 'Keep the work files (inputs, output, steps) in the configured ZUGFERD_WORK_DIR.',
    default: false,
  })
  @IsOptional()
  @IsBoolean()
  Debug?: boolean;
}
