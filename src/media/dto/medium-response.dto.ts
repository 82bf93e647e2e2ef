import { ApiProperty } from '@nestjs/swagger';

class MediumLinkDto {
  @ApiProperty({ maxLength: 2048, example: 'https://erp.example.com/www/artikelmediadaten/1?type=Bild' })
  href!: string;

  @ApiProperty({ maxLength: 2048, example: 'GET' })
  type!: string;

  @ApiProperty({ maxLength: 2048, example: 'artikelmediadaten/' })
  rel!: string;
}

class MediumDto {
  @ApiProperty({ example: 1 })
  IDKey!: number;

  @ApiProperty({ type: String, nullable: true, maxLength: 12, example: 'image/png' })
  AMDBildFormat!: string | null;

  @ApiProperty({ type: String, nullable: true, maxLength: 12, example: null })
  AMDTextFormat!: string | null;

  @ApiProperty({ type: String, nullable: true, maxLength: 12, example: 'WEB' })
  AMDVerwendung!: string | null;

  @ApiProperty({ type: String, nullable: true, maxLength: 4, example: 'ger' })
  AdrSprache!: string | null;

  @ApiProperty({ type: String, nullable: true, maxLength: 4, example: 'CH' })
  OrtLand!: string | null;

  @ApiProperty({
    example: '2026-01-05T08:00:00Z',
    description: 'ISO 8601 UTC, or the legacy form with LEGACY_LIST_DATES',
  })
  Modified_UTC!: string;

  @ApiProperty({ type: String, nullable: true, maxLength: 12, example: 'KUECHE' })
  ArtGruppe!: string | null;

  @ApiProperty({ maxLength: 15, example: '1001' })
  ArtNr!: string;

  @ApiProperty({ maxLength: 255, example: 'kuechenmaschine.png' })
  AMDDateiName!: string;

  @ApiProperty({ type: String, nullable: true })
  AMDText!: string | null;

  @ApiProperty({ type: String, nullable: true, maxLength: 255 })
  Kommentar!: string | null;

  @ApiProperty({ type: [MediumLinkDto], description: 'relations artikelmediadaten/ and artikel/' })
  links!: MediumLinkDto[];
}

export class MediumListDto {
  @ApiProperty({ type: [MediumDto] })
  data!: MediumDto[];
}
