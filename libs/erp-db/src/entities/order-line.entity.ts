import { Column, Entity, PrimaryColumn } from 'typeorm';
import { decimal, integer, text, primary } from '../dialect';

@Entity({ name: 'AuftragPos' })
export class OrderLineEntity {
  @PrimaryColumn(primary(text(10, { name: 'AuftNr' })))
  AuftNr!: string;

  @PrimaryColumn(primary(integer({ name: 'PosNr' })))
  PosNr!: number;

  @Column(integer({ name: 'VisPosNr', nullable: true }))
  VisPosNr!: number | null;

  @Column(text(15, { name: 'ArtNr' }))
  ArtNr!: string;

  @Column(text(2048, { name: 'PosBez', nullable: true }))
  PosBez!: string | null;

  /** Quantity in the article's base unit. */
  @Column(decimal(18, 4, { name: 'PosAnzBest' }))
  PosAnzBest!: string;

  @Column(decimal(19, 4, { name: 'PosPreisBasis' }))
  PosPreisBasis!: string;

  @Column(decimal(19, 4, { name: 'PosPreisEinzel' }))
  PosPreisEinzel!: string;

  @Column(decimal(19, 2, { name: 'PosPreisTotal' }))
  PosPreisTotal!: string;

  @Column(decimal(19, 2, { name: 'PosPreisWUSTBetrag' }))
  PosPreisWUSTBetrag!: string;

  @Column(decimal(18, 4, { name: 'VPEAnzBest', nullable: true }))
  VPEAnzBest!: string | null;

  @Column(decimal(19, 4, { name: 'VPEPreisEinzel', nullable: true }))
  VPEPreisEinzel!: string | null;

  @Column(text(30, { name: 'VPEinheit', nullable: true }))
  VPEinheit!: string | null;

  @Column(decimal(7, 3, { name: 'WUSTSatz' }))
  WUSTSatz!: string;

  @Column(text(8, { name: 'WUSTCode', nullable: true }))
  WUSTCode!: string | null;

  @Column(decimal(7, 3, { name: 'GRabSatz', nullable: true }))
  GRabSatz!: string | null;

  @Column(decimal(19, 4, { name: 'GRabBez', nullable: true }))
  GRabBez!: string | null;
}
