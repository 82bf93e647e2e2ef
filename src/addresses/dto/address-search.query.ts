import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { NOT_BLANK } from '../../common/http/openapi-constraints';
import { ADDRESS_FIELD_LENGTHS, AddressTextField } from './address-input.dto';

const field = (max: number, example?: string) => [
  ApiPropertyOptional({ maxLength: max, example }),
  IsOptional(),
  IsString({ message: `must be given once, as text` }),
  MaxLength(max),
  Matches(NOT_BLANK, { message: '$property must not be blank' }),
];

/** A search parameter as long as the address field of the same name may be. */
function SearchField(example?: string): PropertyDecorator {
  return (target, key) =>
    field(ADDRESS_FIELD_LENGTHS[key as AddressTextField], example).forEach((d) => d(target, key));
}

/**
 * GET /www/adressensuche: every parameter optional, at least one required (else 422: OpenAPI 3.0
 * cannot say "one of these parameters"); each must equal the address field ignoring case and
 * surrounding blanks.
 */
export class AddressSearchQuery {
  @SearchField() AdrSprache?: string;
  @SearchField('buchhaltung@muster-ag.ch') EmailAdress?: string;
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
