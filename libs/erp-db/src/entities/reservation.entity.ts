import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { decimal, integer, text, timestamp } from '../dialect';

/** Quantity of an article reserved on a storage place (e.g. for an order). */
@Entity({ name: 'Reservierung' })
@Index('IX_Reservierung_Artikel', ['ArtNr', 'StaoNr', 'LagerOrt'])
export class ReservationEntity {
  @PrimaryGeneratedColumn({ name: 'ResNr', type: 'integer' })
  ResNr!: number;

  @Column(text(15, { name: 'ArtNr' }))
  ArtNr!: string;

  @Column(integer({ name: 'StaoNr' }))
  StaoNr!: number;

  @Column(text(20, { name: 'LagerOrt' }))
  LagerOrt!: string;

  @Column(decimal(18, 4, { name: 'Menge' }))
  Menge!: string;

  @Column(text(10, { name: 'AuftNr', nullable: true }))
  AuftNr!: string | null;

  @Column(timestamp({ name: 'GeaendertAm' }))
  GeaendertAm!: Date;
}
