import { Column, Entity, PrimaryColumn } from 'typeorm';
import { integer, text, primary } from '../dialect';

export type OrderAddressRole = 'KontaktAdr' | 'LiefAdr' | 'RechAdr';

/** Which address plays which role for one order (a customer's own or an order-only one). */
@Entity({ name: 'AuftragAdr' })
export class OrderAddressEntity {
  @PrimaryColumn(primary(text(10, { name: 'AuftNr' })))
  AuftNr!: string;

  @PrimaryColumn(primary(text(12, { name: 'AdrArt' })))
  AdrArt!: OrderAddressRole;

  @Column(integer({ name: 'AdrNr' }))
  AdrNr!: number;
}
