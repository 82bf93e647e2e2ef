import { listEntry } from '../common/comma-list';
import { AppConfig } from '../common/config/app-config';

/**
 * The web-shop release rule in SQL, the one copy every adapter uses: an article or customer
 * belongs to the requesting user's web shop when its attribute of key `:webshopKey` (RESTWEBSHOP)
 * names the shop in its comma-separated list, ignoring case and blanks (the rule of `commaList`,
 * written for the database). Fragments with TypeORM-style named parameters; `webshopParams` gives
 * their values.
 */

/** Whether attribute `w` lists the shop of `:webshopPattern` under `:webshopKey`. */
export function releasesForWebshop(w: string): string {
  return `${w}."PHKey" = :webshopKey
      AND UPPER(CONCAT(',', REPLACE(${w}."Contents", ' ', ''), ',')) LIKE :webshopPattern ESCAPE '!'`;
}

/** Escapes LIKE wildcards with '!' (also SQL Server's '[' ranges). */
function likeLiteral(value: string): string {
  return value.replace(/[!%_[]/g, (c) => `!${c}`);
}

/** The attribute list test (`listEntry`): "SHOP" matches Contents "SHOP" and "other, shop". */
export function webshopPattern(webshop: string): string {
  return `%,${likeLiteral(listEntry(webshop))},%`;
}

/** The parameters of `releasesForWebshop`. */
export function webshopParams(webshopKey: string, webshop: string): Record<string, string> {
  return { webshopKey, webshopPattern: webshopPattern(webshop) };
}

/**
 * Whether article `a` is released for the web shop of `webshopParams` (its RESTWEBSHOP attribute
 * lists it). A count per article, not EXISTS: PostgreSQL turns EXISTS into a semi-join, and
 * without statistics it drove that from the whole attribute table (1.3 s for a page of 1M
 * articles). A scalar subquery stays a lookup of the article's own attributes on every database.
 */
export function articleReleased(a: string): string {
  return `(SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjTyp" = 'ART' AND w."ObjKey" = ${a}."ArtNr"
      AND ${releasesForWebshop('w')}) > 0`;
}

/** The attribute list test of the article catalogue, applied to customer attributes. */
export const CUSTOMER_WEBSHOP_MATCH = `w."ObjTyp" = 'DEBI' AND ${releasesForWebshop('w')}`;

/**
 * Whether the customer numbered `debiNr` (an SQL expression) belongs to the user's web shop: a
 * look-up of its own attribute row through
 * IX_Attribut_Owner_Record (type, key, owner) per customer. As a scalar subquery, because as a join
 * or EXISTS PostgreSQL may start from the attributes instead: it takes the LIKE on the comma list
 * for rare and read every customer's attribute row (200,000 of them) for one search.
 */
export function customerInWebshop(debiNr: string): string {
  return `(SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjKey" = ${debiNr} AND ${CUSTOMER_WEBSHOP_MATCH}) > 0`;
}

/** The parameters of CUSTOMER_WEBSHOP_MATCH; none without a web shop (no test). */
export function customerWebshopParams(config: AppConfig, webshop: string | null): Record<string, string> {
  return webshop === null ? {} : webshopParams(config.attributeWebshop, webshop);
}
