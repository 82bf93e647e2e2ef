import { Decimal } from '../../common/money';

/** The customer as an order needs it: currency, price and tax settings, own addresses, language. */
export interface OrderCustomer {
  DebiNr: string;
  WaehrAbk: string;
  PreisListNr: number | null;
  PreisListTyp: string | null;
  KTNr: string | null;
  WUSTCode: string | null;
  KundKontakt: number;
  KundLief: number;
  KundRech: number;
}

export interface OrderArticle {
  ArtNr: string;
  /** Description in the requested language, else the main description. */
  ArtBez: string;
  WUSTCode: string | null;
  /** Base units per packaging unit, by VPEinheit. */
  packagingFactors: Map<string, Decimal>;
}

export interface TaxCodeInfo {
  WUSTCode: string;
  WUSTSatz: Decimal;
  WUSTBez: string;
  WUSTKlasse: string;
  VSTSZiffer: string | null;
  USTSZiffer: string | null;
  USTUZiffer: string | null;
}

export interface CompanyOrderSettings {
  /** Default order currency (Firma.Leitwaehrung). */
  Leitwaehrung: string;
  /** Tax code of articles that have none. */
  StandardWUSTCode: string;
}

/** What a new order is checked against first (see `OrderReferenceData.lookUp`). */
export interface OrderLookUp {
  /** The order or offer with this KundNr + AuftBestellNr; null when there is none or no AuftBestellNr. */
  existingAuftNr: string | null;
  customer: OrderCustomer | null;
  /** The known ones among the articles asked for, texts in the language of the customer's contact address where there is one. */
  articles: Map<string, OrderArticle>;
}

/** Port: the master data an order is checked and priced against (read-only). */
export abstract class OrderReferenceData {
  abstract company(): Promise<CompanyOrderSettings>;
  /** The currency's cash rounding step (CHF 0.05); null for an unknown currency. */
  abstract cashRounding(waehrAbk: string): Promise<Decimal | null>;
  abstract storeExists(staoNr: number): Promise<boolean>;
  abstract customer(debiNr: string): Promise<OrderCustomer | null>;
  abstract taxCodes(codes: string[]): Promise<Map<string, TaxCodeInfo>>;
  /**
   * The existing order with KundNr + AuftBestellNr, the customer and the articles together (one
   * statement on the TypeORM adapter instead of three round trips).
   */
  abstract lookUp(debiNr: string, auftBestellNr: string | null, artNrs: string[]): Promise<OrderLookUp>;
}
