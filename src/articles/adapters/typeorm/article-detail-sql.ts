import { releasesForWebshop } from '../../../scope/web-shop-release';
import { AttributeRow, DetailNeeds, PackagingRow, StockMovementRow } from '../../ports/article-catalogue';

// The detail queries of article records (plain SQL with TypeORM-style named parameters).

/** All attributes of some articles. */
const ATTRIBUTES_OF_ARTICLES = `SELECT "ObjKey" AS "ArtNr", "AttrID", "PHKey", "Contents" FROM "Attribut"
WHERE "ObjTyp" = 'ART' AND "ObjKey" IN (:...artNrs)`;

/** Stock (positive) and reservations (negative) of some articles on the places of released stores. */
const STOCK_OF_ARTICLES = `SELECT x."ArtNr" AS "ArtNr", x."StaoNr" AS "StaoNr", x."LagerOrt" AS "LagerOrt", x."Menge" AS "Menge"
FROM (
  SELECT b."ArtNr" AS "ArtNr", b."StaoNr" AS "StaoNr", b."LagerOrt" AS "LagerOrt", b."Bestand" AS "Menge"
  FROM "Lagerbestand" b WHERE b."ArtNr" IN (:...artNrs)
  UNION ALL
  SELECT r."ArtNr", r."StaoNr", r."LagerOrt", 0 - r."Menge" FROM "Reservierung" r WHERE r."ArtNr" IN (:...artNrs)
) x JOIN "Standort" st ON st."StaoNr" = x."StaoNr" AND st."Freigegeben" = 'J'`;

/** The packaging units of some articles. */
const PACKAGING_OF_ARTICLES = `SELECT "ArtNr", "VPEinheit", "VPBezeichnung", "VPEFaktor", "Gewicht", "VPEGewicht", "GewichtInhalt"
FROM "ArtikelVPE" WHERE "ArtNr" IN (:...artNrs)`;

// The details of a page in one statement (one round trip to the database instead of three):
// each kind's rows as the same nine named columns, the first naming the kind. Typed NULLs, so that
// every database settles the union's column types the same way whichever kinds are asked for.
const NO_INTEGER = 'CAST(NULL AS INTEGER)';
const NO_TEXT = 'CAST(NULL AS VARCHAR(200))';
const NO_DECIMAL = 'CAST(NULL AS DECIMAL(18,4))';

const ATTRIBUTE = 'A';
const STOCK = 'S';
const PACKAGING = 'P';

/**
 * The attributes, stock movements and packaging units (those `needs` names) of some articles as
 * one statement, or null when none is needed; `splitDetails` sorts its rows out again. With
 * `webshop` (attributes needed) each attribute row also says whether it releases its article for
 * the user's web shop (`releasesForWebshop`, parameters `:webshopKey` and `:webshopPattern`): the
 * article rows then need no look-up of their own in the attributes.
 */
export function detailsSql(needs: DetailNeeds, webshop = false): string | null {
  const released = (column: string) => (webshop ? `, ${column}` : '');
  const parts: string[] = [];
  if (needs.attributes)
    parts.push(`SELECT '${ATTRIBUTE}' AS "Kind", a."ArtNr" AS "ArtNr", a."AttrID" AS "N1", a."PHKey" AS "T1",
  a."Contents" AS "T2", ${NO_DECIMAL} AS "D1", ${NO_DECIMAL} AS "D2", ${NO_DECIMAL} AS "D3", ${NO_DECIMAL} AS "D4"${released(
    `CASE WHEN ${releasesForWebshop('a')} THEN 1 ELSE 0 END AS "R"`,
  )}
FROM (${ATTRIBUTES_OF_ARTICLES}) a`);
  if (needs.stock)
    parts.push(`SELECT '${STOCK}' AS "Kind", s."ArtNr" AS "ArtNr", s."StaoNr" AS "N1", s."LagerOrt" AS "T1",
  ${NO_TEXT} AS "T2", s."Menge" AS "D1", ${NO_DECIMAL} AS "D2", ${NO_DECIMAL} AS "D3", ${NO_DECIMAL} AS "D4"${released(NO_INTEGER)}
FROM (${STOCK_OF_ARTICLES}) s`);
  if (needs.packaging)
    parts.push(`SELECT '${PACKAGING}' AS "Kind", p."ArtNr" AS "ArtNr", ${NO_INTEGER} AS "N1", p."VPEinheit" AS "T1",
  p."VPBezeichnung" AS "T2", p."VPEFaktor" AS "D1", p."Gewicht" AS "D2", p."VPEGewicht" AS "D3", p."GewichtInhalt" AS "D4"${released(NO_INTEGER)}
FROM (${PACKAGING_OF_ARTICLES}) p`);
  return parts.length === 0 ? null : parts.join('\nUNION ALL\n');
}

/**
 * The rows of `detailsSql` (value arrays in column order) by kind, and (asked `webshop`) the
 * articles an attribute releases for the user's web shop.
 */
export function splitDetails(rows: unknown[][]): {
  attributes: AttributeRow[];
  stock: StockMovementRow[];
  packaging: PackagingRow[];
  released: Set<string>;
} {
  const attributes: AttributeRow[] = [];
  const stock: StockMovementRow[] = [];
  const packaging: PackagingRow[] = [];
  const released = new Set<string>();
  for (const [kind, artNr, n1, t1, t2, d1, d2, d3, d4, r] of rows) {
    const ArtNr = artNr as string;
    if (kind === ATTRIBUTE) {
      attributes.push({ ArtNr, AttrID: n1 as number, PHKey: t1 as string, Contents: t2 as string | null });
      if (Number(r) === 1) released.add(ArtNr);
    } else if (kind === STOCK)
      stock.push({ ArtNr, StaoNr: n1 as number, LagerOrt: t1 as string, Menge: d1 as number | string });
    else
      packaging.push({
        ArtNr,
        VPEinheit: t1 as string,
        VPBezeichnung: t2 as string | null,
        VPEFaktor: d1 as number | string,
        Gewicht: d2 as number | string | null,
        VPEGewicht: d3 as number | string | null,
        GewichtInhalt: d4 as number | string | null,
      });
  }
  return { attributes, stock, packaging, released };
}
