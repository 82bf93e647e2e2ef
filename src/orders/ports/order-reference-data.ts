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
  /** The numbers among them the user may order: active and released for its web shop. */
  orderable: Set<string>;
}

/**
 * The web shops an order is confined to (D12): the one whose articles the user may order and the
 * one whose customers it may order for; null = every article, every customer. The customers' web
 * shop is null or the articles' one (the user's; admins order for every customer).
 */
export interface OrderWebshops {
  articles: string | null;
  customers: string | null;
}

/** Port: the master data an order is checked and priced against (read-only). */
export abstract class OrderReferenceData {
  abstract company(): Promise<CompanyOrderSettings>;
  /** The currency's cash rounding step (CHF 0.05); null for an unknown currency. */
  abstract cashRounding(waehrAbk: string): Promise<Decimal | null>;
  abstract storeExists(staoNr: number): Promise<boolean>;
  /** Null when the customer does not exist or is not in the web shop `customers` (when given). */
  abstract customer(debiNr: string, customers: string | null): Promise<OrderCustomer | null>;
  abstract taxCodes(codes: string[]): Promise<Map<string, TaxCodeInfo>>;
  /**
   * The existing order with KundNr + AuftBestellNr, the customer and the articles with whether the
   * user may order them, together (one statement on the TypeORM adapter instead of five round
   * trips). A customer outside `webshops.customers` is unknown and has no existing order.
   */
  abstract lookUp(
    debiNr: string,
    auftBestellNr: string | null,
    artNrs: string[],
    webshops: OrderWebshops,
  ): Promise<OrderLookUp>;
}
