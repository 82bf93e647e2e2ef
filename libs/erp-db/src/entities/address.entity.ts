import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { integer, text, timestamp } from '../dialect';

/**
 * Column lengths of the address text fields: the one source of the columns below, of the
 * request validation (over the limit is a 400, never a truncation) and of the tests.
 */
export const ADDRESS_FIELD_LENGTHS = {
  AdrSprache: 4,
  EmailAdress: 255,
  AdrAdresse1: 60,
  AdrAdresse2: 60,
  AdrFax: 28,
  AdrFirma: 36,
  AdrFirma2: 36,
  AdrVorname: 36,
  AdrName: 36,
  AdrTelex: 28,
  AdrTf1: 28,
  AdrTf2: 28,
  OrtLand: 4,
  OrtName: 48,
  OrtPLZ: 10,
} as const;

const LENGTH = ADDRESS_FIELD_LENGTHS;

/** An address (contact, delivery or billing) of a customer or of a single order. */
@Entity({ name: 'Adressen' })
export class AddressEntity {
  @PrimaryGeneratedColumn({ name: 'AdrNr', type: 'integer' })
  AdrNr!: number;

  @Column(text(LENGTH.AdrSprache, { name: 'AdrSprache', nullable: true }))
  AdrSprache!: string | null;

  @Column(text(LENGTH.EmailAdress, { name: 'EmailAdress', nullable: true }))
  EmailAdress!: string | null;

  @Column(text(LENGTH.AdrAdresse1, { name: 'AdrAdresse1', nullable: true }))
  AdrAdresse1!: string | null;

  @Column(text(LENGTH.AdrAdresse2, { name: 'AdrAdresse2', nullable: true }))
  AdrAdresse2!: string | null;

  @Column(integer({ name: 'AdrAnrede', default: 0 }))
  AdrAnrede!: number;

  @Column(text(LENGTH.AdrFax, { name: 'AdrFax', nullable: true }))
  AdrFax!: string | null;

  @Column(text(LENGTH.AdrFirma, { name: 'AdrFirma', nullable: true }))
  AdrFirma!: string | null;

  @Column(text(LENGTH.AdrFirma2, { name: 'AdrFirma2', nullable: true }))
  AdrFirma2!: string | null;

  @Column(text(LENGTH.AdrVorname, { name: 'AdrVorname', nullable: true }))
  AdrVorname!: string | null;

  @Column(text(LENGTH.AdrName, { name: 'AdrName', nullable: true }))
  AdrName!: string | null;

  @Column(text(LENGTH.AdrTelex, { name: 'AdrTelex', nullable: true }))
  AdrTelex!: string | null;

  @Column(text(LENGTH.AdrTf1, { name: 'AdrTf1', nullable: true }))
  AdrTf1!: string | null;

  @Column(text(LENGTH.AdrTf2, { name: 'AdrTf2', nullable: true }))
  AdrTf2!: string | null;

  @Column(text(LENGTH.OrtLand, { name: 'OrtLand', nullable: true }))
  OrtLand!: string | null;

  @Column(text(LENGTH.OrtName, { name: 'OrtName', nullable: true }))
  OrtName!: string | null;

  @Column(text(LENGTH.OrtPLZ, { name: 'OrtPLZ', nullable: true }))
  OrtPLZ!: string | null;

  @Column(text(64, { name: 'ErfasstVon', nullable: true }))
  ErfasstVon!: string | null;

  @Column(timestamp({ name: 'ErfasstAm' }))
  ErfasstAm!: Date;

  @Column(timestamp({ name: 'GeaendertAm' }))
  GeaendertAm!: Date;
}
