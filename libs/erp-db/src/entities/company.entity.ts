import { Column, Entity, PrimaryColumn } from 'typeorm';
import { integer, text, primary } from '../dialect';

/** Company settings (one row). Company attributes live in Attribut with ObjTyp FIRM. */
@Entity({ name: 'Firma' })
export class CompanyEntity {
  @PrimaryColumn(primary(integer({ name: 'FirmaNr' })))
  FirmaNr!: number;

  @Column(text(60, { name: 'FirmaName' }))
  FirmaName!: string;

  /** The leading currency: default of order and article-list currency. */
  @Column(text(4, { name: 'Leitwaehrung' }))
  Leitwaehrung!: string;

  /** Last step of the price fallback. */
  @Column(text(12, { name: 'StandardPreisListTyp', nullable: true }))
  StandardPreisListTyp!: string | null;

  /** The standard tax code, used when an article has none. */
  @Column(text(8, { name: 'StandardWUSTCode' }))
  StandardWUSTCode!: string;
}
