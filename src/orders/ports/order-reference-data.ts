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

/** Port: the master data an order is checked and priced against (read-only). */
export abstract class OrderReferenceData {
  abstract company(): Promise<CompanyOrderSettings>;
  /** The currency's cash rounding step (CHF 0.05); null for an unknown currency. */
  abstract cashRounding(waehrAbk: string): Promise<Decimal | null>;
  abstract storeExists(staoNr: number): Promise<boolean>;
  abstract customer(debiNr: string): Promise<OrderCustomer | null>;
  /** The known ones among `artNrs`, texts in the language of the customer's contact address where there is one. */
  abstract articles(artNrs: string[], debiNr: string): Promise<Map<string, OrderArticle>>;
  abstract taxCodes(codes: string[]): Promise<Map<string, TaxCodeInfo>>;
}
