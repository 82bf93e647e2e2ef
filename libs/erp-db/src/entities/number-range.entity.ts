import { Column, Entity, PrimaryColumn } from 'typeorm';
import { integer, text, primary } from '../dialect';

/** A number range (orders, customers); LetzteNr is the last number handed out. */
@Entity({ name: 'Nummernkreis' })
export class NumberRangeEntity {
  @PrimaryColumn(primary(text(20, { name: 'Name' })))
  Name!: string;

  @Column(integer({ name: 'LetzteNr' }))
  LetzteNr!: number;

  @Column(text(60, { name: 'Bezeichnung', nullable: true }))
  Bezeichnung!: string | null;
}
