/**
 * The main language: its description is Artikel.ArtBez itself, and it is the language when
 * neither the customer nor the request names one.
 */
export const MAIN_LANGUAGE = 'ger';

/** Which articles a request may see. */
export interface ArticleFilter {
  /** ISO 639-2B code of the description (ArtBez) and of its sort order. */
  language: string;
  /** The user's web shop; null = every article (no RESTWEBSHOP test). */
  webshop: string | null;
  /** Only ArtikelStatus = 1. */
  activeOnly: boolean;
  /** Only articles whose article, price, stock, reservation or packaging rows changed since then. */
  modifiedSince: Date | null;
  /** One article only (GET /www/artikel/{ArtNr}). */
  artNr?: string;
}

/** Columns the list can be ordered by (GeaendertAm is the record's GeaendertAmUTC). */
export type SortColumn =
  | 'ArtNr'
  | 'AnLager'
  | 'ArtBez'
  | 'ArtikelStatus'
  | 'Einheit'
  | 'Farbe'
  | 'WUSTSatz'
  | 'GeaendertAm'
  | 'ArtGruppe'
  | 'HatVPE'
  | 'ArtKlasse'
  | 'BeschaffungsArt'
  | 'VerarbeitungsArt';

export interface ArticleSort {
  column: SortColumn;
  descending: boolean;
}

/** The article's own columns, the description in the requested language and the tax rate. */
export interface ArticleRow {
  ArtNr: string;
  AnLager: string;
  ArtBez: string;
  ArtikelStatus: number | string;
  Einheit: string | null;
  Farbe: string | null;
  /** The article's tax rate, else the standard rate; null only when neither exists. */
  WUSTSatz: number | string | null;
  GeaendertAm: Date;
  ArtGruppe: string | null;
  HatVPE: string;
  ArtKlasse: string | null;
  BeschaffungsArt: string | null;
  VerarbeitungsArt: string | null;
}

export interface AttributeRow {
  ArtNr: string;
  AttrID: number;
  PHKey: string;
  Contents: string | null;
}

/** A stock quantity (positive) or a reservation (negative) on a storage place of a released store. */
export interface StockMovementRow {
  ArtNr: string;
  StaoNr: number;
  LagerOrt: string;
  Menge: number | string;
}

export interface PackagingRow {
  ArtNr: string;
  VPEinheit: string;
  VPBezeichnung: string | null;
  VPEFaktor: number | string;
  Gewicht: number | string | null;
  VPEGewicht: number | string | null;
  GewichtInhalt: number | string | null;
}

/** What the list needs besides the price determination. */
export interface RequestReferenceData {
  leadingCurrency: string;
  /** Whether the requested currency exists (true when none was requested). */
  currencyKnown: boolean;
  /** Null when no customer was asked for or it does not exist. */
  customer: { DebiNr: string; language: string | null } | null;
  /** Where the catalogue's change timestamps stand (see `ChangeStamp`). */
  changes: ChangeStamp;
  /** The newest GeaendertAm of the articles alone: moves when a status, description or sort column changes. */
  articlesStamp: string;
}

/**
 * The latest GeaendertAm of articles, prices, stock, reservations and packaging (what
 * modifiedsince covers): `key` differs as soon as any of them moves on; `latest` is the newest.
 */
export interface ChangeStamp {
  key: string;
  latest: Date | null;
}

/** Which details of the articles a request's fields need (prices go through the pricing port). */
export interface DetailNeeds {
  attributes: boolean;
  stock: boolean;
  packaging: boolean;
}

/** Articles of the list with what their records show besides prices. */
export interface ArticleData {
  /** The articles that pass the filter, in any order. */
  rows: ArticleRow[];
  attributes: AttributeRow[];
  stock: StockMovementRow[];
  packaging: PackagingRow[];
}

/** The article numbers of a list in its order: a plain array, or a compact list of a whole catalogue. */
interface ArticleNumbers {
  readonly length: number;
  slice(start: number, end?: number): string[];
}

/** A list in its order: the filter and sorts it was read with, and its article numbers. */
export interface ArticleOrdering {
  filter: ArticleFilter;
  sorts: ArticleSort[];
  numbers: ArticleNumbers;
}

/** Persistence port of the article list: a constant number of queries per page, never one per article. */
export abstract class ArticleCatalogue {
  abstract referenceData(waehrAbk: string | null, debiNr: string | null): Promise<RequestReferenceData>;

  /** The article numbers of the list in its order. */
  abstract orderedNumbers(filter: ArticleFilter, sorts: ArticleSort[]): Promise<ArticleNumbers>;

  /**
   * The articles from `from` to `to` (exclusive) of an ordering that still pass its filter (an
   * ordering may be seconds old), with the details `needs` names, in one round trip.
   */
  abstract articles(
    ordering: ArticleOrdering,
    from: number,
    to: number,
    needs: DetailNeeds,
  ): Promise<ArticleData>;

  /** The languages of ArtikelText (trimmed, in lower case): every one an article has a text in. */
  abstract textLanguages(): Promise<string[]>;

  /** The web shops of the enabled API users (null: a user who sees every article). */
  abstract usersWebshops(): Promise<(string | null)[]>;

  /** Every article (active or not) whose article, price, stock, reservation or packaging rows changed since then. */
  abstract changedArticles(since: Date): Promise<string[]>;
}
