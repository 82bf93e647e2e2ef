import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

const field = (max: number) => [
  ApiPropertyOptional({ maxLength: max }),
  IsOptional(),
  IsString({ message: `must be given once, as text` }),
  IsNotEmpty(),
  MaxLength(max),
];

function SearchField(max: number): PropertyDecorator {
  return (target, key) => field(max).forEach((d) => d(target, key));
}

/**
 * GET /www/adressensuche: every parameter optional, at least one required; each must equal the
 * address field ignoring case and surrounding blanks.
 */
export class AddressSearchQuery {
  @SearchField(4) AdrSprache?: string;
  @SearchField(255) EmailAdress?: string;
  @SearchField(60) AdrAdresse1?: string;
  @SearchField(60) AdrAdresse2?: string;
  @SearchField(28) AdrFax?: string;
  @SearchField(36) AdrFirma?: string;
  @SearchField(36) AdrFirma2?: string;
  @SearchField(36) AdrVorname?: string;
  @SearchField(36) AdrName?: string;
  @SearchField(28) AdrTelex?: string;
  @SearchField(28) AdrTf1?: string;
  @SearchField(28) AdrTf2?: string;
  @SearchField(4) OrtLand?: string;
  @SearchField(48) OrtName?: string;
  @SearchField(10) OrtPLZ?: string;
}
