import { ApiProperty } from '@nestjs/swagger';

class ZugferdErrorInfoDto {
  @ApiProperty({
    description: "Name of the request's input file in the work directory.",
    example: '0b9f…/input.pdf',
  })
  filename!: string;

  @ApiProperty({
    type: [String],
    description: 'The processing steps, the last one naming the failure.',
    example: ['decoded PDF: 90499 bytes', 'failed: the PDF carries no invoice XML'],
  })
  subprocess_output!: string[];
}

/** The documented 400 body of POST /www/zugferd. */
export class ZugferdErrorDto {
  @ApiProperty({ example: 'endpoint' })
  error!: string;

  @ApiProperty({ example: 'The PDF carries no invoice XML (no factur-x.xml, …).' })
  error_description!: string;

  @ApiProperty({ type: ZugferdErrorInfoDto })
  info!: ZugferdErrorInfoDto;
}
