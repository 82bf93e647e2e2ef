import { ApiProperty } from '@nestjs/swagger';
import { LinkDto } from '../../addresses/dto/link.dto';

const text = (maxLength?: number) => ApiProperty({ type: String, nullable: true, maxLength });

class CustomerAttributeDto {
  @ApiProperty({ type: String, nullable: true, maxLength: 200 }) Contents!: string | null;
  @ApiProperty({ maxLength: 12 }) PHKey!: string;
}

export class CustomerOrderDto {
  @ApiProperty({ enum: ['N', 'O', 'A'] }) PlanStatus!: string;
  @ApiProperty({
    example: '2026-01-08T08:00:00Z',
    description: 'Entry date; legacy form when LEGACY_LIST_DATES',
  })
  AuftErf!: string;
  @ApiProperty({ maxLength: 10 }) AuftNr!: string;
  @ApiProperty({ type: [LinkDto] }) links!: LinkDto[];
}

/** GET /www/kunden/{DebiNr}: the fields of the spec's customer table; empty ones are null. */
export class CustomerDto {
  @ApiProperty({ enum: [0, 1], description: '1 when the credit limit is greater than 0' }) status!: number;
  @ApiProperty({ maxLength: 4 }) WaehrAbk!: string;
  @text(12) BrancheID!: string | null;
  @text() AdrSprache!: string | null;
  @ApiProperty() KundLief!: number;
  @ApiProperty() KundRech!: number;
  @ApiProperty() KundKontakt!: number;
  @text(24) KundBez!: string | null;
  @text(255) Kommentar!: string | null;
  @text(12) VBTyp!: string | null;
  @text() ZahlungsMethode!: string | null;
  @ApiProperty({ type: [CustomerAttributeDto] }) attributes!: CustomerAttributeDto[];
  @ApiProperty({ type: [LinkDto] }) links!: LinkDto[];
  @ApiProperty({ type: [CustomerOrderDto], description: 'Latest orders (offers excluded), newest first' })
  Auftrag!: CustomerOrderDto[];
}

export class CustomerResponse {
  @ApiProperty({ type: CustomerDto }) data!: CustomerDto;
}

class CreatedCustomerDto {
  @ApiProperty({ example: '10003' }) DebiNr!: string;
}

export class CreatedCustomerResponse {
  @ApiProperty({ type: CreatedCustomerDto }) data!: CreatedCustomerDto;
}
