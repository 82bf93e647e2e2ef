import { AttributeRow, PackagingRow, StockMovementRow } from '../ports/article-catalogue';

// The detail queries of article records (plain SQL with TypeORM-style named parameters).

/**
 * The articles a statement reads: `:...artNrs`, or the range `:first`..`:last` of article numbers
 * (a run of the catalogue in article-number order: one range of the index, not a seek per article).
 */
export function articleKeys(column: string, byRange: boolean): string {
  return byRange ? `${column} BETWEEN :first AND :last` : `${column} IN (:...artNrs)`;
}

/** All attributes of some articles. */
export const attributesSql = (
  byRange: boolean,
) => `SELECT "ObjKey" AS "ArtNr", "AttrID", "PHKey", "Contents" FROM "Attribut"
WHERE "ObjTyp" = 'ART' AND ${articleKeys('"ObjKey"', byRange)}`;

/** Stock (positive) and reservations (negative) of some articles on the places of released stores. */
export const stockSql = (
  byRange: boolean,
) => `SELECT x."ArtNr" AS "ArtNr", x."StaoNr" AS "StaoNr", x."LagerOrt" AS "LagerOrt", x."Menge" AS "Menge"
FROM (
  SELECT b."ArtNr" AS "ArtNr", b."StaoNr" AS "StaoNr", b."LagerOrt" AS "LagerOrt", b."Bestand" AS "Menge"
  FROM "Lagerbestand" b WHERE ${articleKeys('b."ArtNr"', byRange)}
  UNION ALL
  SELECT r."ArtNr", r."StaoNr", r."LagerOrt", 0 - r."Menge" FROM "Reservierung" r WHERE ${articleKeys('r."ArtNr"', byRange)}
) x JOIN "Standort" st ON st."StaoNr" = x."StaoNr" AND st."Freigegeben" = 'J'`;

/** The packaging units of some articles. */
export const packagingSql = (
  byRange: boolean,
) => `SELECT "ArtNr", "VPEinheit", "VPBezeichnung", "VPEFaktor", "Gewicht", "VPEGewicht", "GewichtInhalt"
FROM "ArtikelVPE" WHERE ${articleKeys('"ArtNr"', byRange)}`;

export const ATTRIBUTES_SQL = attributesSql(false);
export const STOCK_SQL = stockSql(false);
export const PACKAGING_SQL = packagingSql(false);

// Rows of these queries from their values in column order (better-sqlite3's raw mode, which
// skips building an object per row).

export const attributeFromValues = (v: unknown[]): AttributeRow => ({
  ArtNr: v[0] as string,
  AttrID: v[1] as number,
  PHKey: v[2] as string,
  Contents: v[3] as string | null,
});

export const stockMovementFromValues = (v: unknown[]): StockMovementRow => ({
  ArtNr: v[0] as string,
  StaoNr: v[1] as number,
  LagerOrt: v[2] as string,
  Menge: v[3] as number | string,
});

export const packagingFromValues = (v: unknown[]): PackagingRow => ({
  ArtNr: v[0] as string,
  VPEinheit: v[1] as string,
  VPBezeichnung: v[2] as string | null,
  VPEFaktor: v[3] as number | string,
  Gewicht: v[4] as number | string | null,
  VPEGewicht: v[5] as number | string | null,
  GewichtInhalt: v[6] as number | string | null,
});
