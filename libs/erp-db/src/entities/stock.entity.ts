import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { decimal, integer, text, timestamp, primary } from '../dialect';

/** Physical stock of an article on a storage place (before reservations). */
@Entity({ name: 'Lagerbestand' })
@Index('IX_Lagerbestand_GeaendertAm', ['ArtNr', 'GeaendertAm'])
export class StockEntity {
  @PrimaryColumn(primary(text(15, { name: 'ArtNr' })))
  ArtNr!: string;

  @PrimaryColumn(primary(integer({ name: 'StaoNr' })))
  StaoNr!: number;

  @PrimaryColumn(primary(text(20, { name: 'LagerOrt' })))
  LagerOrt!: string;

  @Column(decimal(18, 4, { name: 'Bestand', default: 0 }))
  Bestand!: string;

  @Column(timestamp({ name: 'GeaendertAm' }))
  GeaendertAm!: Date;
}
