import { CandidatePriceList } from './price-sources';

/** One price tier as the article list shows it. Amounts are exact decimal strings. */
export interface PriceTier {
  AbAnzahl: string;
  /** Null in the last tier. */
  BisAnzahl: string | null;
  PreisList: string;
  /** N = net, B = gross: the price type of the price list that won. */
  Preisart: string;
  GeaendertAm: Date;
  PreisListNr: number;
}

/** Whose prices, in which currency. A null customer means the configured default price-list type. */
export interface PriceContext {
  debiNr: string | null;
  waehrAbk: string;
}

/**
 * The price lists a context draws from, in fallback order. Two contexts with the same `key` see
 * exactly the same prices, whoever the customer is (so results may be shared between them).
 */
export interface PriceListSequence {
  context: PriceContext;
  lists: CandidatePriceList[];
  key: string;
}

/** Tiers per packaging unit of one article; key '' is the base unit. Absent key = no price. */
export type ArticlePriceTiers = Map<string, PriceTier[]>;

/**
 * Port of the price determination shared by the article list (one page at a time) and order
 * creation (its articles; `tierFor` picks the tier of a quantity). Fallback per article and
 * packaging unit: the customer's own price list -> the customer's price-list type -> the configured default
 * type; the first list with a price wins; lists are never merged; only lists in the context's
 * currency count.
 */
export abstract class PriceDetermination {
  /** The lists that take part in the fallback for a context (one query). */
  abstract priceLists(context: PriceContext): Promise<PriceListSequence>;

  /**
   * Tiers for many articles in a constant number of queries (no query per article); given only
   * a context, its lists are read first.
   */
  abstract determinePrices(
    artNrs: string[],
    context: PriceContext | PriceListSequence,
  ): Promise<Map<string, ArticlePriceTiers>>;
}
