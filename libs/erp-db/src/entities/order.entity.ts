import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { decimal, integer, text, timestamp, primary } from '../dialect';

/** Order or offer head (AuftStatus P = offer). */
@Entity({ name: 'Auftrag' })
@Index('UQ_Auftrag_KundNr_BestellNr', ['KundNr', 'AuftBestellNr'], {
  unique: true,
  where: '"AuftBestellNr" IS NOT NULL AND "KundNr" IS NOT NULL',
})
@Index('UQ_Auftrag_OffertNr', ['OffertNr'], { unique: true, where: '"OffertNr" IS NOT NULL' })
@Index('IX_Auftrag_KundNr_AuftErf', ['KundNr', 'AuftErf'])
export class OrderEntity {
  @PrimaryColumn(primary(text(10, { name: 'AuftNr' })))
  AuftNr!: string;

  @Column(text(1, { name: 'AuftStatus' }))
  AuftStatus!: string;

  /** Null for a template offer. */
  @Column(text(8, { name: 'KundNr', nullable: true }))
  KundNr!: string | null;

  @Column(text(80, { name: 'AuftBez', nullable: true }))
  AuftBez!: string | null;

  @Column(text(36, { name: 'AuftBestellNr', nullable: true }))
  AuftBestellNr!: string | null;

  @Column(text(60, { name: 'AuftBestellRef', nullable: true }))
  AuftBestellRef!: string | null;

  @Column(timestamp({ name: 'AuftBestellT', nullable: true }))
  AuftBestellT!: Date | null;

  @Column(timestamp({ name: 'AuftLieferT', nullable: true }))
  AuftLieferT!: Date | null;

  @Column(text(4, { name: 'WaehrAbk' }))
  WaehrAbk!: string;

  @Column(text(255, { name: 'AuftKomment', nullable: true }))
  AuftKomment!: string | null;

  @Column(text(6, { name: 'KTNr', nullable: true }))
  KTNr!: string | null;

  @Column(integer({ name: 'StaoNr', nullable: true }))
  StaoNr!: number | null;

  @Column(integer({ name: 'KundBedTyp', nullable: true }))
  KundBedTyp!: number | null;

  @Column(decimal(19, 4, { name: 'AuftLiefKost', nullable: true }))
  AuftLiefKost!: string | null;

  @Column(integer({ name: 'PreisListNr', nullable: true }))
  PreisListNr!: number | null;

  @Column(text(12, { name: 'PreisListTyp', nullable: true }))
  PreisListTyp!: string | null;

  @Column(text(8, { name: 'WUSTCode', nullable: true }))
  WUSTCode!: string | null;

  @Column(decimal(19, 2, { name: 'AuftSummeNetto', default: 0 }))
  AuftSummeNetto!: string;

  @Column(decimal(19, 2, { name: 'AuftSummeWUST', default: 0 }))
  AuftSummeWUST!: string;

  /** Gross total after the currency's cash rounding. */
  @Column(decimal(19, 2, { name: 'AuftSummeBrutto', default: 0 }))
  AuftSummeBrutto!: string;

  /** For an order made from an offer: the offer's number (unique: an offer converts once). */
  @Column(text(10, { name: 'OffertNr', nullable: true }))
  OffertNr!: string | null;

  /** For an offer: the number of the order it was converted into. */
  @Column(text(10, { name: 'FolgeAuftNr', nullable: true }))
  FolgeAuftNr!: string | null;

  @Column(text(64, { name: 'ErfasstVon', nullable: true }))
  ErfasstVon!: string | null;

  /** Entry time of the order. */
  @Column(timestamp({ name: 'AuftErf' }))
  AuftErf!: Date;

  @Column(timestamp({ name: 'GeaendertAm' }))
  GeaendertAm!: Date;
}
