import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';

class ArticleLinkDto {
  @ApiProperty({ maxLength: 2048, example: 'https://erp.example.com/www/artikel/1000' })
  href!: string;

  @ApiProperty({ maxLength: 2048, example: 'GET', description: 'HTTP method' })
  type!: string;

  @ApiProperty({ maxLength: 2048, example: 'artikel' })
  rel!: string;
}

class PriceTierDto {
  @ApiProperty({ example: 1, description: 'valid from quantity' })
  AbAnzahl!: number;

  @ApiPropertyOptional({ example: 9, description: 'valid to quantity; absent in the last tier' })
  BisAnzahl?: number;

  @ApiProperty({ example: 24.9, description: 'list price in WaehrAbk' })
  PreisList!: number;

  @ApiProperty({ example: 'N', description: 'N net, B gross (price type of the price list)' })
  Preisart!: string;

  @ApiProperty({ example: '2026-01-05T08:00:00Z' })
  GeaendertAmUTC!: string;
}

class StockDto {
  @ApiProperty({ example: 'A-01', description: 'storage place' })
  LagerOrt!: string;

  @ApiProperty({ example: 1, description: 'location number' })
  StaoNr!: number;

  @ApiProperty({ example: 115, description: 'stock after reservations; may be negative' })
  LagerBestand!: number;
}

class PackagingDto {
  @ApiProperty({ example: 'KAR' })
  VPEinheit!: string;

  @ApiPropertyOptional({ example: 'Karton à 6 Pack' })
  VPBezeichnung?: string;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 6,
    description: 'conversion factor article to packaging weight',
  })
  Gewicht!: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 6.5, description: 'weight of the packaging unit' })
  VPEGewicht!: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 6, description: 'weight of the content' })
  GewichtInhalt!: number | null;

  @ApiPropertyOptional({ type: [PriceTierDto], description: 'absent when no price is found' })
  Preis?: PriceTierDto[];
}

class ArticleAttributeDto {
  @ApiProperty({ type: String, nullable: true, maxLength: 200, example: 'SHOP' })
  Contents!: string | null;

  @ApiProperty({ maxLength: 12, example: 'RESTWEBSHOP' })
  PHKey!: string;
}

/** One article record; with `fields` only the requested ones are present. */
class ArticleDto {
  @ApiProperty({ maxLength: 15, example: '1000' })
  ArtNr!: string;

  @ApiProperty({ example: 'J', description: 'J = stock-managed, N = not' })
  AnLager!: string;

  @ApiProperty({ maxLength: 255, example: 'Kaffeebohnen Crème Röstung 1 kg' })
  ArtBez!: string;

  @ApiProperty({ example: 1, description: '1 = active' })
  ArtikelStatus!: number;

  @ApiProperty({ type: String, nullable: true, maxLength: 12, example: 'Pack' })
  Einheit!: string | null;

  @ApiProperty({ type: String, nullable: true, maxLength: 12, example: '#1f6fb2' })
  Farbe!: string | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 2.6,
    description: 'tax rate, else the standard rate',
  })
  WUSTSatz!: number | null;

  @ApiProperty({ example: '2026-01-05T08:00:00Z' })
  GeaendertAmUTC!: string;

  @ApiProperty({ type: [ArticleAttributeDto] })
  attributes!: ArticleAttributeDto[];

  @ApiProperty({ type: [ArticleLinkDto], description: 'relations artikel and artikelmedia' })
  links!: ArticleLinkDto[];

  @ApiProperty({ type: String, nullable: true, maxLength: 12, example: 'KAFFEE' })
  ArtGruppe!: string | null;

  @ApiProperty({ example: 'J' })
  HatVPE!: string;

  @ApiProperty({ type: String, nullable: true, maxLength: 8, example: 'HANDEL' })
  ArtKlasse!: string | null;

  @ApiProperty({ maxLength: 4, example: 'CHF', description: 'currency of the prices' })
  WaehrAbk!: string;

  @ApiProperty({ type: String, nullable: true, example: 'E' })
  BeschaffungsArt!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'L' })
  VerarbeitungsArt!: string | null;

  @ApiPropertyOptional({ type: [PriceTierDto], description: 'absent when no price is found' })
  Preis?: PriceTierDto[];

  @ApiProperty({ type: [StockDto], description: 'per storage place of released stores, after reservations' })
  Bestand!: StockDto[];

  @ApiPropertyOptional({ type: [PackagingDto], description: 'present when HatVPE = J' })
  Verpackungen?: PackagingDto[];
}

/** An article of the list: with `fields=`, only the fields named there (so none is required). */
class ArticleListItemDto extends PartialType(ArticleDto) {}

export class ArticleListDto {
  @ApiProperty({ type: [ArticleListItemDto], description: 'all fields, or those named in fields=' })
  data!: ArticleListItemDto[];

  @ApiProperty({ example: 290, description: 'number of all matching articles' })
  count!: number;

  @ApiProperty({ type: [ArticleLinkDto], description: 'next, prev, start' })
  links!: ArticleLinkDto[];
}

export class ArticleResponseDto {
  @ApiProperty({ type: ArticleListItemDto, description: 'all fields, or those named in fields=' })
  data!: ArticleListItemDto;
}
