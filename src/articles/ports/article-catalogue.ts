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

/** An article of the list with the values of its order keys (the sorts, then ArtNr). */
export interface ArticleKey {
  artNr: string;
  keys: unknown[];
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
}

/**
 * The latest GeaendertAm of articles, prices, stock, reservations and packaging (what
 * modifiedsince covers): `key` differs as soon as any of them moves on; `latest` is the newest.
 */
export interface ChangeStamp {
  key: string;
  latest: Date | null;
}

/** Persistence port of the article list: queries in batches, never one per article. */
export abstract class ArticleCatalogue {
  abstract referenceData(waehrAbk: string | null, debiNr: string | null): Promise<RequestReferenceData>;

  /** Article numbers in list order, in batches, without holding the whole result. */
  abstract orderedNumbers(filter: ArticleFilter, sorts: ArticleSort[]): AsyncIterable<string[]>;

  /** Article rows in list order from `offset` (`limit` null = to the end), in batches. */
  abstract orderedRows(
    filter: ArticleFilter,
    sorts: ArticleSort[],
    offset: number,
    limit: number | null,
  ): AsyncIterable<ArticleRow[]>;

  /**
   * The list's articles with their order keys, in list order from `offset` (`limit` null = to the
   * end), in batches: one cursor, so membership and order are one snapshot.
   */
  abstract orderedKeys(
    filter: ArticleFilter,
    sorts: ArticleSort[],
    offset: number,
    limit: number | null,
  ): AsyncIterable<ArticleKey[]>;

  /** The rows of these articles that pass the filter, in any order. */
  abstract rowsByNumbers(artNrs: string[], filter: ArticleFilter): Promise<ArticleRow[]>;

  abstract count(filter: ArticleFilter): Promise<number>;

  /** Every article (active or not) whose article, price, stock, reservation or packaging rows changed since then. */
  abstract changedArticles(since: Date): Promise<string[]>;

  abstract attributes(artNrs: string[]): Promise<AttributeRow[]>;

  abstract stockMovements(artNrs: string[]): Promise<StockMovementRow[]>;

  abstract packaging(artNrs: string[]): Promise<PackagingRow[]>;
}
