import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LinkDto } from './link.dto';

const text = (maxLength: number) => ApiProperty({ type: String, nullable: true, maxLength });

/** An address in responses; empty fields are null. */
export class AddressDto {
  @ApiProperty({ example: 1 }) AdrNr!: number;
  @text(4) AdrSprache!: string | null;
  @text(255) EmailAdress!: string | null;
  @text(60) AdrAdresse1!: string | null;
  @text(60) AdrAdresse2!: string | null;
  @ApiProperty({ description: '0 = company/general, 1 = Herr, 2 = Frau' }) AdrAnrede!: number;
  @ApiProperty({ example: 'Firma', description: 'Firma, Herr or Frau' }) AdrAnredeText!: string;
  @text(28) AdrFax!: string | null;
  @text(36) AdrFirma!: string | null;
  @text(36) AdrFirma2!: string | null;
  @text(36) AdrVorname!: string | null;
  @text(36) AdrName!: string | null;
  @text(28) AdrTelex!: string | null;
  @text(28) AdrTf1!: string | null;
  @text(28) AdrTf2!: string | null;
  @text(4) OrtLand!: string | null;
  @text(48) OrtName!: string | null;
  @text(10) OrtPLZ!: string | null;
}

export class AddressResponse {
  @ApiProperty({ type: AddressDto }) data!: AddressDto;
}

export class LinkedAddressDto extends AddressDto {
  @ApiProperty({ type: [LinkDto] }) links!: LinkDto[];
}

export class CustomerAddressesDto {
  @ApiProperty({ type: [LinkedAddressDto] }) KundKontakt!: LinkedAddressDto[];
  @ApiProperty({ type: [LinkedAddressDto] }) KundLief!: LinkedAddressDto[];
  @ApiProperty({ type: [LinkedAddressDto] }) KundRech!: LinkedAddressDto[];
}

export class CustomerAddressesResponse {
  @ApiProperty({ description: 'Number of address entries in data' }) count!: number;
  @ApiProperty() success!: boolean;
  @ApiProperty({ type: CustomerAddressesDto }) data!: CustomerAddressesDto;
}

export class AddressSearchHitDto {
  @ApiProperty({ example: '10001' }) DebiNr!: string;
  @ApiProperty() KundLief!: number;
  @ApiProperty() KundRech!: number;
  @ApiProperty() KundKontakt!: number;
  @ApiPropertyOptional({ type: [LinkDto] }) links!: LinkDto[];
}

export class AddressSearchResponse {
  @ApiProperty({ type: AddressSearchHitDto }) data!: AddressSearchHitDto;
}
