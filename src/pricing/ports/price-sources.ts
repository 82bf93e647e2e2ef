/** A price list that may supply prices for a context, with its place in the fallback sequence. */
export interface CandidatePriceList {
  PreisListNr: number;
  /** N = net, B = gross. */
  Preisart: string;
  /** 0 = the customer's own list, 1 = the customer's price-list type, 2 = the configured default type. */
  step: 0 | 1 | 2;
}

/** One stored price row, amounts still as the database returned them. */
export interface StoredPrice {
  PreisListNr: number;
  ArtNr: string;
  VPEinheit: string;
  AbAnzahl: string | number;
  BisAnzahl: string | number | null;
  PreisList: string | number;
  GeaendertAm: Date;
}

/** Persistence port of the price determination (the only part that knows SQL). */
export abstract class PriceSources {
  /**
   * The lists in the context's currency that take part in the fallback for this customer
   * (or, without one, for the configured default type), in any order.
   */
  abstract candidateLists(debiNr: string | null, waehrAbk: string): Promise<CandidatePriceList[]>;

  /** Every price row of these lists for these articles; none, without a query, for no list. */
  abstract prices(listNrs: number[], artNrs: string[]): Promise<StoredPrice[]>;
}
