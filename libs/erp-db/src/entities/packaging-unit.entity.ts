import { Column, Entity, PrimaryColumn } from 'typeorm';
import { decimal, text, timestamp, primary } from '../dialect';

/** A packaging unit (VPE) of an article. */
@Entity({ name: 'ArtikelVPE' })
export class PackagingUnitEntity {
  @PrimaryColumn(primary(text(15, { name: 'ArtNr' })))
  ArtNr!: string;

  @PrimaryColumn(primary(text(30, { name: 'VPEinheit' })))
  VPEinheit!: string;

  @Column(text(60, { name: 'VPBezeichnung', nullable: true }))
  VPBezeichnung!: string | null;

  /** Base units in one packaging unit (order quantities convert through it). */
  @Column(decimal(18, 4, { name: 'VPEFaktor', default: 1 }))
  VPEFaktor!: string;

  @Column(decimal(18, 4, { name: 'Gewicht', nullable: true }))
  Gewicht!: string | null;

  @Column(decimal(18, 4, { name: 'VPEGewicht', nullable: true }))
  VPEGewicht!: string | null;

  @Column(decimal(18, 4, { name: 'GewichtInhalt', nullable: true }))
  GewichtInhalt!: string | null;

  @Column(timestamp({ name: 'GeaendertAm' }))
  GeaendertAm!: Date;
}
