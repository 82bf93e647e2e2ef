import { Column, Entity, PrimaryColumn } from 'typeorm';
import { integer, text, timestamp, primary } from '../dialect';

/** A customer (Debitor). Its three address keys point into Adressen. */
@Entity({ name: 'Debitor' })
export class CustomerEntity {
  @PrimaryColumn(primary(text(8, { name: 'DebiNr' })))
  DebiNr!: string;

  @Column(text(24, { name: 'KundBez', nullable: true }))
  KundBez!: string | null;

  @Column(text(4, { name: 'WaehrAbk' }))
  WaehrAbk!: string;

  @Column(text(12, { name: 'BrancheID', nullable: true }))
  BrancheID!: string | null;

  @Column(integer({ name: 'KundKontakt' }))
  KundKontakt!: number;

  @Column(integer({ name: 'KundLief' }))
  KundLief!: number;

  @Column(integer({ name: 'KundRech' }))
  KundRech!: number;

  @Column(text(255, { name: 'Kommentar', nullable: true }))
  Kommentar!: string | null;

  @Column(text(12, { name: 'VBTyp', nullable: true }))
  VBTyp!: string | null;

  @Column(text(12, { name: 'TVTyp', nullable: true }))
  TVTyp!: string | null;

  @Column(text(1, { name: 'FAKTZahlArt', nullable: true }))
  FAKTZahlArt!: string | null;

  @Column(text(32, { name: 'AUFT_SPESEN', nullable: true }))
  AUFT_SPESEN!: string | null;

  @Column(text(20, { name: 'SteuerNummer', nullable: true }))
  SteuerNummer!: string | null;

  @Column(text(20, { name: 'FirmenURL', nullable: true }))
  FirmenURL!: string | null;

  @Column(integer({ name: 'KreditLimit', default: 0 }))
  KreditLimit!: number;

  @Column(text(20, { name: 'ZahlungsMethode', nullable: true }))
  ZahlungsMethode!: string | null;

  /** The customer's own price list (first step of the price fallback). */
  @Column(integer({ name: 'PreisListNr', nullable: true }))
  PreisListNr!: number | null;

  /** The customer's price-list type (second step of the price fallback). */
  @Column(text(12, { name: 'PreisListTyp', nullable: true }))
  PreisListTyp!: string | null;

  @Column(text(6, { name: 'KTNr', nullable: true }))
  KTNr!: string | null;

  @Column(text(8, { name: 'WUSTCode', nullable: true }))
  WUSTCode!: string | null;

  @Column(text(64, { name: 'ErfasstVon', nullable: true }))
  ErfasstVon!: string | null;

  @Column(timestamp({ name: 'ErfasstAm' }))
  ErfasstAm!: Date;

  @Column(timestamp({ name: 'GeaendertAm' }))
  GeaendertAm!: Date;
}
