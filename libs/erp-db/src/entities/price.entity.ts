import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { decimal, integer, text, timestamp } from '../dialect';

/** One price tier of an article (VPEinheit '' = base unit) in a price list. */
@Entity({ name: 'Preis' })
@Index('IX_Preis_Liste_Artikel', ['PreisListNr', 'ArtNr', 'VPEinheit', 'AbAnzahl'])
@Index('IX_Preis_Artikel', ['ArtNr', 'GeaendertAm'])
export class PriceEntity {
  @PrimaryGeneratedColumn({ name: 'PreisID', type: 'integer' })
  PreisID!: number;

  @Column(integer({ name: 'PreisListNr' }))
  PreisListNr!: number;

  @Column(text(15, { name: 'ArtNr' }))
  ArtNr!: string;

  @Column(text(30, { name: 'VPEinheit', default: '' }))
  VPEinheit!: string;

  @Column(decimal(18, 4, { name: 'AbAnzahl' }))
  AbAnzahl!: string;

  @Column(decimal(18, 4, { name: 'BisAnzahl', nullable: true }))
  BisAnzahl!: string | null;

  @Column(decimal(19, 4, { name: 'PreisList' }))
  PreisList!: string;

  @Column(timestamp({ name: 'GeaendertAm' }))
  GeaendertAm!: Date;
}
