import { AttributeRow, PackagingRow, StockMovementRow } from '../ports/article-catalogue';

// The detail queries of article records, shared by the TypeORM adapter and the SQLite render
// workers (plain SQL with TypeORM-style named parameters, no TypeORM import).

/** All attributes of some articles. */
export const ATTRIBUTES_SQL = `SELECT "ObjKey" AS "ArtNr", "AttrID", "PHKey", "Contents" FROM "Attribut"
WHERE "ObjTyp" = 'ART' AND "ObjKey" IN (:...artNrs)`;

/** Stock (positive) and reservations (negative) of some articles on the places of released stores. */
export const STOCK_SQL = `SELECT x."ArtNr" AS "ArtNr", x."StaoNr" AS "StaoNr", x."LagerOrt" AS "LagerOrt", x."Menge" AS "Menge"
FROM (
  SELECT b."ArtNr" AS "ArtNr", b."StaoNr" AS "StaoNr", b."LagerOrt" AS "LagerOrt", b."Bestand" AS "Menge"
  FROM "Lagerbestand" b WHERE b."ArtNr" IN (:...artNrs)
  UNION ALL
  SELECT r."ArtNr", r."StaoNr", r."LagerOrt", 0 - r."Menge" FROM "Reservierung" r WHERE r."ArtNr" IN (:...artNrs)
) x JOIN "Standort" st ON st."StaoNr" = x."StaoNr" AND st."Freigegeben" = 'J'`;

/** The packaging units of some articles. */
export const PACKAGING_SQL = `SELECT "ArtNr", "VPEinheit", "VPBezeichnung", "VPEFaktor", "Gewicht", "VPEGewicht", "GewichtInhalt"
FROM "ArtikelVPE" WHERE "ArtNr" IN (:...artNrs)`;

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
