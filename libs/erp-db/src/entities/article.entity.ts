import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { integer, text, timestamp, primary } from '../dialect';

@Entity({ name: 'Artikel' })
@Index('IX_Artikel_ArtBez', ['ArtBez', 'ArtNr'])
@Index('IX_Artikel_GeaendertAm', ['GeaendertAm'])
export class ArticleEntity {
  @PrimaryColumn(primary(text(15, { name: 'ArtNr' })))
  ArtNr!: string;

  /** Description in the company's main language (ger); other languages live in ArtikelText. */
  @Column(text(255, { name: 'ArtBez' }))
  ArtBez!: string;

  @Column(text(1, { name: 'AnLager', default: 'J' }))
  AnLager!: string;

  @Column(integer({ name: 'ArtikelStatus', default: 1 }))
  ArtikelStatus!: number;

  @Column(text(12, { name: 'Einheit', nullable: true }))
  Einheit!: string | null;

  @Column(text(12, { name: 'Farbe', nullable: true }))
  Farbe!: string | null;

  /** Tax code; the rate falls back to the standard rate when empty. */
  @Column(text(8, { name: 'WUSTCode', nullable: true }))
  WUSTCode!: string | null;

  @Column(text(12, { name: 'ArtGruppe', nullable: true }))
  ArtGruppe!: string | null;

  @Column(text(1, { name: 'HatVPE', default: 'N' }))
  HatVPE!: string;

  @Column(text(8, { name: 'ArtKlasse', nullable: true }))
  ArtKlasse!: string | null;

  @Column(text(1, { name: 'BeschaffungsArt', nullable: true }))
  BeschaffungsArt!: string | null;

  @Column(text(1, { name: 'VerarbeitungsArt', nullable: true }))
  VerarbeitungsArt!: string | null;

  @Column(timestamp({ name: 'GeaendertAm' }))
  GeaendertAm!: Date;
}
