import { Column, Entity, PrimaryColumn } from 'typeorm';
import { integer, text, primary } from '../dialect';

/** A storage place inside a location. */
@Entity({ name: 'Lagerort' })
export class StoragePlaceEntity {
  @PrimaryColumn(primary(integer({ name: 'StaoNr' })))
  StaoNr!: number;

  @PrimaryColumn(primary(text(20, { name: 'LagerOrt' })))
  LagerOrt!: string;

  @Column(text(60, { name: 'Bezeichnung', nullable: true }))
  Bezeichnung!: string | null;
}
