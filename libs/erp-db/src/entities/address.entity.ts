import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { integer, text, timestamp } from '../dialect';

/** An address (contact, delivery or billing) of a customer or of a single order. */
@Entity({ name: 'Adressen' })
export class AddressEntity {
  @PrimaryGeneratedColumn({ name: 'AdrNr', type: 'integer' })
  AdrNr!: number;

  @Column(text(4, { name: 'AdrSprache', nullable: true }))
  AdrSprache!: string | null;

  @Column(text(255, { name: 'EmailAdress', nullable: true }))
  EmailAdress!: string | null;

  @Column(text(60, { name: 'AdrAdresse1', nullable: true }))
  AdrAdresse1!: string | null;

  @Column(text(60, { name: 'AdrAdresse2', nullable: true }))
  AdrAdresse2!: string | null;

  @Column(integer({ name: 'AdrAnrede', default: 0 }))
  AdrAnrede!: number;

  @Column(text(28, { name: 'AdrFax', nullable: true }))
  AdrFax!: string | null;

  @Column(text(36, { name: 'AdrFirma', nullable: true }))
  AdrFirma!: string | null;

  @Column(text(36, { name: 'AdrFirma2', nullable: true }))
  AdrFirma2!: string | null;

  @Column(text(36, { name: 'AdrVorname', nullable: true }))
  AdrVorname!: string | null;

  @Column(text(36, { name: 'AdrName', nullable: true }))
  AdrName!: string | null;

  @Column(text(28, { name: 'AdrTelex', nullable: true }))
  AdrTelex!: string | null;

  @Column(text(28, { name: 'AdrTf1', nullable: true }))
  AdrTf1!: string | null;

  @Column(text(28, { name: 'AdrTf2', nullable: true }))
  AdrTf2!: string | null;

  @Column(text(4, { name: 'OrtLand', nullable: true }))
  OrtLand!: string | null;

  @Column(text(48, { name: 'OrtName', nullable: true }))
  OrtName!: string | null;

  @Column(text(10, { name: 'OrtPLZ', nullable: true }))
  OrtPLZ!: string | null;

  @Column(text(64, { name: 'ErfasstVon', nullable: true }))
  ErfasstVon!: string | null;

  @Column(timestamp({ name: 'ErfasstAm' }))
  ErfasstAm!: Date;

  @Column(timestamp({ name: 'GeaendertAm' }))
  GeaendertAm!: Date;
}
