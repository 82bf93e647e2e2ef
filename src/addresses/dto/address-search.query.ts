import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { ADDRESS_FIELD_LENGTHS, AddressTextField } from './address-input.dto';

const field = (max: number) => [
  ApiPropertyOptional({ maxLength: max }),
  IsOptional(),
  IsString({ message: `must be given once, as text` }),
  IsNotEmpty(),
  MaxLength(max),
];

/** A search parameter as long as the address field of the same name may be. */
function SearchField(): PropertyDecorator {
  return (target, key) =>
    field(ADDRESS_FIELD_LENGTHS[key as AddressTextField]).forEach((d) => d(target, key));
}

/**
 * GET /www/adressensuche: every parameter optional, at least one required; each must equal the
 * address field ignoring case and surrounding blanks.
 */
export class AddressSearchQuery {
  @SearchField() AdrSprache?: string;
  @SearchField() EmailAdress?: string;
  @SearchField() AdrAdresse1?: string;
  @SearchField() AdrAdresse2?: string;
  @SearchField() AdrFax?: string;
  @SearchField() AdrFirma?: string;
  @SearchField() AdrFirma2?: string;
  @SearchField() AdrVorname?: string;
  @SearchField() AdrName?: string;
  @SearchField() AdrTelex?: string;
  @SearchField() AdrTf1?: string;
  @SearchField() AdrTf2?: string;
  @SearchField() OrtLand?: string;
  @SearchField() OrtName?: string;
  @SearchField() OrtPLZ?: string;
}
