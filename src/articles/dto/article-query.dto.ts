import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  Validate,
  ValidationArguments,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { BLANK, documentConstraint } from '../../common/http/openapi-constraints';
import { WholeNumberFromDigits } from '../../common/http/whole-numbers';
import {
  ARTICLE_FIELDS,
  FIELD_LIST_PATTERN,
  parseFields,
  parseModifiedSince,
  Parsed,
  parseSorts,
  SORT_LIST_PATTERN,
} from '../article-list-parameters';

function parameterConstraint(name: string, parse: (raw: string) => Parsed<unknown>) {
  @ValidatorConstraint({ name })
  class Constraint implements ValidatorConstraintInterface {
    validate(value: unknown): boolean {
      return typeof value === 'string' && parse(value).ok;
    }
    defaultMessage(args: ValidationArguments): string {
      if (typeof args.value !== 'string') return `${args.property} must be given once, as text`;
      const parsed = parse(args.value);
      return parsed.ok ? '' : parsed.message;
    }
  }
  return Constraint;
}

const FieldList = parameterConstraint('articleFieldList', parseFields);
const SortList = parameterConstraint('articleSortList', parseSorts);
const IsoDateTime = parameterConstraint('isoDateTime', parseModifiedSince);
documentConstraint('articleFieldList', { type: 'string', pattern: FIELD_LIST_PATTERN });
documentConstraint('articleSortList', { type: 'string', pattern: SORT_LIST_PATTERN });
documentConstraint('isoDateTime', { type: 'string', format: 'date-time' });

/** One or more characters, none of them blank or U+0000. */
const WITHOUT_BLANKS = new RegExp(`^[^${BLANK.slice(1, -1)}\\u0000]+$`);

/** The largest `limit` and `offset` (nine digits). */
const MAX_POSITION = 999_999_999;

const ONCE = { message: '$property must be given once, as text' };

/** GET /www/artikel/{ArtNr}: the list's parameters without paging. */
export class ArticleQueryDto {
  @ApiPropertyOptional({
    maxLength: 4,
    example: 'CHF',
    description: 'Price currency (ISO 4217); default: the leading currency',
  })
  @IsOptional()
  @IsString(ONCE)
  @Matches(/^[A-Za-z]{3,4}$/, { message: 'waehrabk must be a currency code such as CHF' })
  waehrabk?: string;

  @ApiPropertyOptional({
    maxLength: 8,
    example: '10001',
    description: "Customer key: the customer's prices and language",
  })
  @IsOptional()
  @IsString(ONCE)
  @MaxLength(8)
  @Matches(WITHOUT_BLANKS, { message: 'debinr must not be empty or contain blanks' })
  debinr?: string;

  @ApiPropertyOptional({
    example: 'ArtNr,ArtBez,Preis',
    description: `Comma-separated subset of: ${ARTICLE_FIELDS.join(', ')}`,
  })
  @IsOptional()
  @Validate(FieldList)
  fields?: string;

  @ApiPropertyOptional({
    example: '+ArtBez',
    description:
      'Comma-separated record fields, each prefixed with + (ascending, send it as %2B) or - (descending)',
  })
  @IsOptional()
  @Validate(SortList)
  sorts?: string;

  @ApiPropertyOptional({
    maxLength: 4,
    example: 'ger',
    description:
      'Output language (ISO 639-2B, 2-4 letters, any case; other text: 400); the language of debinr wins. ' +
      'A language in which no article has a text is answered as the main language ger (the same records ' +
      'and order it would get, since each text falls back to the German description).',
  })
  @IsOptional()
  @IsString(ONCE)
  @Matches(/^[A-Za-z]{2,4}$/, { message: 'adrsprache must be a language code such as ger or fre' })
  adrsprache?: string;

  @ApiPropertyOptional({
    example: '2026-01-05T08:00:00Z',
    description:
      'Only articles whose article, price, stock or packaging data changed at or after this time (ISO 8601)',
  })
  @IsOptional()
  @Validate(IsoDateTime)
  modifiedsince?: string;
}

/** GET /www/artikel. */
export class ArticleListQueryDto extends ArticleQueryDto {
  @ApiPropertyOptional({ example: 100, description: 'Number of articles; 0 (default) = all, streamed' })
  @IsOptional()
  @WholeNumberFromDigits()
  @IsInt({ message: 'limit must be a whole number from 0' })
  @Min(0, { message: 'limit must be a whole number from 0' })
  @Max(MAX_POSITION)
  limit?: number;

  @ApiPropertyOptional({ example: 0, description: 'Start at article number X of the list (0-based)' })
  @IsOptional()
  @WholeNumberFromDigits()
  @IsInt({ message: 'offset must be a whole number from 0' })
  @Min(0, { message: 'offset must be a whole number from 0' })
  @Max(MAX_POSITION)
  offset?: number;
}
