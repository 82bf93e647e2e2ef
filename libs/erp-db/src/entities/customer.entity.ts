import { Column, Entity, PrimaryColumn } from 'typeorm';
import { integer, text, timestamp, primary } from '../dialect';

/**
 * Column lengths of the customer text fields the API writes: the one source of the columns
 * below, of the request validation (POST and PUT) and of the tests.
 */
export const CUSTOMER_FIELD_LENGTHS = {
  KundBez: 24,
  WaehrAbk: 4,
  BrancheID: 12,
  Kommentar: 255,
  VBTyp: 12,
  TVTyp: 12,
  AUFT_SPESEN: 32,
  SteuerNummer: 20,
  FirmenURL: 20,
  ZahlungsMethode: 20,
} as const;

const LENGTH = CUSTOMER_FIELD_LENGTHS;

/** A customer (Debitor). Its three address keys point into Adressen. */
@Entity({ name: 'Debitor' })
export class CustomerEntity {
  @PrimaryColumn(primary(text(8, { name: 'DebiNr' })))
  DebiNr!: string;

  @Column(text(LENGTH.KundBez, { name: 'KundBez', nullable: true }))
  KundBez!: string | null;

  @Column(text(LENGTH.WaehrAbk, { name: 'WaehrAbk' }))
  WaehrAbk!: string;

  @Column(text(LENGTH.BrancheID, { name: 'BrancheID', nullable: true }))
  BrancheID!: string | null;

  @Column(integer({ name: 'KundKontakt' }))
  KundKontakt!: number;

  @Column(integer({ name: 'KundLief' }))
  KundLief!: number;

  @Column(integer({ name: 'KundRech' }))
  KundRech!: number;

  @Column(text(LENGTH.Kommentar, { name: 'Kommentar', nullable: true }))
  Kommentar!: string | null;

  @Column(text(LENGTH.VBTyp, { name: 'VBTyp', nullable: true }))
  VBTyp!: string | null;

  @Column(text(LENGTH.TVTyp, { name: 'TVTyp', nullable: true }))
  TVTyp!: string | null;

  @Column(text(1, { name: 'FAKTZahlArt', nullable: true }))
  FAKTZahlArt!: string | null;

  @Column(text(LENGTH.AUFT_SPESEN, { name: 'AUFT_SPESEN', nullable: true }))
  AUFT_SPESEN!: string | null;

  @Column(text(LENGTH.SteuerNummer, { name: 'SteuerNummer', nullable: true }))
  SteuerNummer!: string | null;

  @Column(text(LENGTH.FirmenURL, { name: 'FirmenURL', nullable: true }))
  FirmenURL!: string | null;

  @Column(integer({ name: 'KreditLimit', default: 0 }))
  KreditLimit!: number;

  @Column(text(LENGTH.ZahlungsMethode, { name: 'ZahlungsMethode', nullable: true }))
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
