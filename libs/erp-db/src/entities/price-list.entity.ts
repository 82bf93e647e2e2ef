import { Column, Entity, PrimaryColumn } from 'typeorm';
import { integer, text, primary } from '../dialect';

/** A price list in one currency; either a customer's own (KundNr set) or one of a type. */
@Entity({ name: 'PreisListe' })
export class PriceListEntity {
  @PrimaryColumn(primary(integer({ name: 'PreisListNr' })))
  PreisListNr!: number;

  @Column(text(60, { name: 'Bezeichnung', nullable: true }))
  Bezeichnung!: string | null;

  @Column(text(12, { name: 'PreisListTyp', nullable: true }))
  PreisListTyp!: string | null;

  @Column(text(4, { name: 'WaehrAbk' }))
  WaehrAbk!: string;

  /** N = net, B = gross. */
  @Column(text(1, { name: 'Preisart', default: 'N' }))
  Preisart!: string;

  @Column(text(8, { name: 'KundNr', nullable: true }))
  KundNr!: string | null;
}
