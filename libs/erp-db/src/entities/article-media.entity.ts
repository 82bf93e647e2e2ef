import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { binary, longText, text, timestamp } from '../dialect';

/** A medium of an article: an image and/or a descriptive text, content kept in the database. */
@Entity({ name: 'ArtikelMedia' })
@Index('IX_ArtikelMedia_ArtNr', ['ArtNr'])
export class ArticleMediaEntity {
  @PrimaryGeneratedColumn({ name: 'IDKey', type: 'integer' })
  IDKey!: number;

  @Column(text(15, { name: 'ArtNr' }))
  ArtNr!: string;

  @Column(text(12, { name: 'ArtGruppe', nullable: true }))
  ArtGruppe!: string | null;

  /** MIME type of the image, e.g. image/png. */
  @Column(text(12, { name: 'AMDBildFormat', nullable: true }))
  AMDBildFormat!: string | null;

  @Column(text(12, { name: 'AMDTextFormat', nullable: true }))
  AMDTextFormat!: string | null;

  @Column(text(12, { name: 'AMDVerwendung', nullable: true }))
  AMDVerwendung!: string | null;

  @Column(text(4, { name: 'AdrSprache', nullable: true }))
  AdrSprache!: string | null;

  @Column(text(4, { name: 'OrtLand', nullable: true }))
  OrtLand!: string | null;

  @Column(text(255, { name: 'AMDDateiName' }))
  AMDDateiName!: string;

  @Column(longText({ name: 'AMDText', nullable: true }))
  AMDText!: string | null;

  @Column(text(255, { name: 'Kommentar', nullable: true }))
  Kommentar!: string | null;

  @Column(binary({ name: 'AMDBild', nullable: true }))
  AMDBild!: Buffer | null;

  @Column(timestamp({ name: 'Modified' }))
  Modified!: Date;
}
