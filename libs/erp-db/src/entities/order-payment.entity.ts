import { Column, Entity, PrimaryColumn } from 'typeorm';
import { text, primary } from '../dialect';

/** One payment label of an order (Dienstleister, TransID, payment_method, ...). */
@Entity({ name: 'AuftragZahlung' })
export class OrderPaymentEntity {
  @PrimaryColumn(primary(text(10, { name: 'AuftNr' })))
  AuftNr!: string;

  @PrimaryColumn(primary(text(12, { name: 'Key' })))
  Key!: string;

  @Column(text(255, { name: 'Bezeichnung', nullable: true }))
  Bezeichnung!: string | null;

  @Column(text(200, { name: 'Wert', nullable: true }))
  Wert!: string | null;
}
