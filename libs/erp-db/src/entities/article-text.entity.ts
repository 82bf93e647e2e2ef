import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { text, primary } from '../dialect';

/** Article description in one language (ISO 639-2B code). */
@Entity({ name: 'ArtikelText' })
@Index('IX_ArtikelText_Sprache_ArtBez', ['AdrSprache', 'ArtBez', 'ArtNr'])
export class ArticleTextEntity {
  @PrimaryColumn(primary(text(15, { name: 'ArtNr' })))
  ArtNr!: string;

  @PrimaryColumn(primary(text(4, { name: 'AdrSprache' })))
  AdrSprache!: string;

  @Column(text(255, { name: 'ArtBez' }))
  ArtBez!: string;
}
