import { DbType, readTimestamp } from '@app/erp-db/dialect';
import { articleReleased, releasesForWebshop, webshopParams } from '../../../scope/web-shop-release';
import {
  ArticleFilter,
  ArticleRow,
  ArticleSort,
  MAIN_LANGUAGE,
  SortColumn,
} from '../../ports/article-catalogue';

interface SqlWithParams {
  sql: string;
  params: Record<string, unknown>;
}

const NULLABLE_TEXT = new Set<SortColumn>([
  'Einheit',
  'Farbe',
  'ArtGruppe',
  'ArtKlasse',
  'BeschaffungsArt',
  'VerarbeitungsArt',
]);

const TAX_JOIN = `
LEFT JOIN "MWSTCode" m ON m."WUSTCode" = a."WUSTCode"
LEFT JOIN "MWSTCode" s ON s."WUSTCode" = (SELECT MIN(f."StandardWUSTCode") FROM "Firma" f)`;

function description(language: string): string {
  return language === MAIN_LANGUAGE ? 'a."ArtBez"' : 'COALESCE(t."ArtBez", a."ArtBez")';
}

/** Sort expressions never yield NULL, so every database orders the same way. */
function sortExpression(column: SortColumn, language: string): string {
  if (column === 'ArtBez') return description(language);
  if (column === 'WUSTSatz') return 'COALESCE(m."WUSTSatz", s."WUSTSatz", 0)';
  if (NULLABLE_TEXT.has(column)) return `COALESCE(a."${column}", '')`;
  return `a."${column}"`;
}

/** Article numbers whose article, price, stock, reservation or packaging rows changed since :since. */
export const CHANGED_SINCE_SQL = `SELECT c1."ArtNr" AS "ArtNr" FROM "Artikel" c1 WHERE c1."GeaendertAm" >= :since
  UNION SELECT c2."ArtNr" FROM "Preis" c2 WHERE c2."GeaendertAm" >= :since
  UNION SELECT c3."ArtNr" FROM "Lagerbestand" c3 WHERE c3."GeaendertAm" >= :since
  UNION SELECT c4."ArtNr" FROM "Reservierung" c4 WHERE c4."GeaendertAm" >= :since
  UNION SELECT c5."ArtNr" FROM "ArtikelVPE" c5 WHERE c5."GeaendertAm" >= :since`;

const CHANGED_SINCE = `a."ArtNr" IN (${CHANGED_SINCE_SQL})`;

/** What an article query joins besides the articles, and what it tests besides the filter. */
interface FromOptions {
  /** Join the description in the filter's language. */
  withText?: boolean;
  /** Join the tax codes. */
  withTax?: boolean;
  /** The rows are looked up by, or ordered by, the article number. */
  byPrimaryKey?: boolean;
  /** Further conditions, ANDed to the filter's. */
  also?: string[];
}

/**
 * FROM, joins and WHERE of every article query. `webshopKey` is the attribute (RESTWEBSHOP) that
 * names the shops.
 */
function fromWhere(
  filter: ArticleFilter,
  webshopKey: string,
  { withText = false, withTax = false, byPrimaryKey = false, also = [] }: FromOptions = {},
): SqlWithParams {
  const params: Record<string, unknown> = {};
  let sql = 'FROM "Artikel" a';
  if (withText && filter.language !== MAIN_LANGUAGE) {
    sql += ` LEFT JOIN "ArtikelText" t ON t."ArtNr" = a."ArtNr" AND t."AdrSprache" = :language`;
    params.language = filter.language;
  }
  if (withTax) sql += TAX_JOIN;
  const where: string[] = [];
  // Looking up given keys or reading in key order, "+ 0" keeps SQLite on the primary key: planned
  // without statistics, it would otherwise walk the status index (the whole active catalogue) and
  // sort it again.
  if (filter.activeOnly) where.push(byPrimaryKey ? 'a."ArtikelStatus" + 0 = 1' : 'a."ArtikelStatus" = 1');
  if (filter.artNr !== undefined) {
    where.push('a."ArtNr" = :artNr');
    params.artNr = filter.artNr;
  }
  if (filter.webshop !== null) {
    where.push(articleReleased('a'));
    Object.assign(params, webshopParams(webshopKey, filter.webshop));
  }
  if (filter.modifiedSince !== null) {
    where.push(CHANGED_SINCE);
    params.since = filter.modifiedSince;
  }
  where.push(...also);
  if (where.length > 0) sql += ` WHERE ${where.join(' AND ')}`;
  return { sql, params };
}

/** The ORDER BY keys: the given sorts, then ArtNr as tie-breaker (pages never overlap). */
function orderKeys(sorts: ArticleSort[], language: string): { expression: string; descending: boolean }[] {
  const keys = sorts.map((s) => ({
    expression: sortExpression(s.column, language),
    descending: s.descending,
  }));
  if (!sorts.some((s) => s.column === 'ArtNr')) keys.push({ expression: 'a."ArtNr"', descending: false });
  return keys;
}

export function orderBy(sorts: ArticleSort[], language: string): string {
  const keys = orderKeys(sorts, language).map((k) => `${k.expression}${k.descending ? ' DESC' : ''}`);
  return ` ORDER BY ${keys.join(', ')}`;
}

function rowColumns(language: string): string {
  return `a."ArtNr" AS "ArtNr", a."AnLager" AS "AnLager", ${description(language)} AS "ArtBez",
  a."ArtikelStatus" AS "ArtikelStatus", a."Einheit" AS "Einheit", a."Farbe" AS "Farbe",
  COALESCE(m."WUSTSatz", s."WUSTSatz") AS "WUSTSatz", a."GeaendertAm" AS "GeaendertAm",
  a."ArtGruppe" AS "ArtGruppe", a."HatVPE" AS "HatVPE", a."ArtKlasse" AS "ArtKlasse",
  a."BeschaffungsArt" AS "BeschaffungsArt", a."VerarbeitungsArt" AS "VerarbeitungsArt"`;
}

/** Article rows of given numbers (`:...artNrs`) that pass the filter, columns as `rowColumns`. */
export function rowsByKeys(filter: ArticleFilter, webshopKey: string): SqlWithParams {
  const from = fromWhere(filter, webshopKey, {
    withText: true,
    withTax: true,
    byPrimaryKey: true,
    also: ['a."ArtNr" IN (:...artNrs)'],
  });
  return { sql: `SELECT ${rowColumns(filter.language)} ${from.sql}`, params: from.params };
}

/**
 * Whether a run of the list in this order (a page cut from its ordering) can be read as one range
 * of IX_Artikel_Status_ArtBez_Record: the active articles by description in the main language
 * (the default order), whole catalogue, no delta.
 */
export function readsByDescription(filter: ArticleFilter, sorts: ArticleSort[]): boolean {
  return (
    filter.activeOnly &&
    filter.language === MAIN_LANGUAGE &&
    filter.modifiedSince === null &&
    filter.artNr === undefined &&
    sorts.length === 1 &&
    sorts[0].column === 'ArtBez' &&
    !sorts[0].descending
  );
}

/** `(a."ArtBez", a."ArtNr") <op> (<the ArtBez of :key>, :key)`; SQL Server has no row values. */
function descriptionBound(op: '>=' | '<=', key: 'first' | 'last', dialect: DbType): string {
  const of = `(SELECT ${key[0]}."ArtBez" FROM "Artikel" ${key[0]} WHERE ${key[0]}."ArtNr" = :${key})`;
  if (dialect !== 'mssql') return `(a."ArtBez", a."ArtNr") ${op} (${of}, :${key})`;
  const strict = op === '>=' ? '>' : '<';
  return `(a."ArtBez" ${strict} ${of} OR (a."ArtBez" = ${of} AND a."ArtNr" ${op} :${key}))`;
}

/**
 * Article rows (columns as `rowColumns`) that pass the filter, from `:first` to `:last` of the
 * list in description order (see `readsByDescription`): one range of the description index
 * instead of a lookup per article. The range is that of the articles' current descriptions, so
 * an article whose description changed since the ordering was cut can be missing: the caller
 * looks those up by number.
 */
export function rowsByDescriptionRun(
  filter: ArticleFilter,
  webshopKey: string,
  dialect: DbType,
): SqlWithParams {
  const from = fromWhere(filter, webshopKey, {
    withTax: true,
    also: [descriptionBound('>=', 'first', dialect), descriptionBound('<=', 'last', dialect)],
  });
  return { sql: `SELECT ${rowColumns(filter.language)} ${from.sql}`, params: from.params };
}

/**
 * The web-shop test of a whole list (see `orderedNumbersSql`): the articles the attributes
 * release, read once into a set (PostgreSQL: a hashed subplan; SQLite: a list subquery) that
 * every article is looked up in. As a CASE it is not made into a join, whose size PostgreSQL
 * would guess from the attribute test (a few hundred of a million rows) and plan accordingly.
 */
function releasedForWebshop(webshopKey: string, webshop: string): SqlWithParams {
  return {
    sql: `CASE WHEN a."ArtNr" IN (SELECT w."ObjKey" FROM "Attribut" w WHERE w."ObjTyp" = 'ART'
      AND ${releasesForWebshop('w')}) THEN 1 ELSE 0 END = 1`,
    params: webshopParams(webshopKey, webshop),
  };
}

/**
 * The article numbers of the list in its order. A list of the whole catalogue (no delta) tests
 * the web shop against the set of released articles (`releasedForWebshop`), several times cheaper
 * on PostgreSQL than the per-article look-up of `fromWhere`. A delta list and a single article
 * keep the look-up: they test the few articles they hold, not all releases.
 */
export function orderedNumbersSql(
  filter: ArticleFilter,
  webshopKey: string,
  sorts: ArticleSort[],
): SqlWithParams {
  const released =
    filter.webshop !== null && filter.modifiedSince === null && filter.artNr === undefined
      ? releasedForWebshop(webshopKey, filter.webshop)
      : null;
  const from = fromWhere(released ? { ...filter, webshop: null } : filter, webshopKey, {
    withText: sorts.some((s) => s.column === 'ArtBez'),
    withTax: sorts.some((s) => s.column === 'WUSTSatz'),
    // The primary key's order, either way (no sort keys, or ArtNr first).
    byPrimaryKey: sorts.length === 0 || sorts[0].column === 'ArtNr',
    also: released ? [released.sql] : [],
  });
  return {
    sql: `SELECT a."ArtNr" AS "ArtNr" ${from.sql}${orderBy(sorts, filter.language)}`,
    params: { ...from.params, ...released?.params },
  };
}

/** An article row from the values of `rowColumns`, in their order. */
export function articleRowFromValues(v: unknown[]): ArticleRow {
  return {
    ArtNr: v[0] as string,
    AnLager: v[1] as string,
    ArtBez: v[2] as string,
    ArtikelStatus: v[3] as number | string,
    Einheit: v[4] as string | null,
    Farbe: v[5] as string | null,
    WUSTSatz: v[6] as number | string | null,
    GeaendertAm: readTimestamp(v[7]) as Date,
    ArtGruppe: v[8] as string | null,
    HatVPE: v[9] as string,
    ArtKlasse: v[10] as string | null,
    BeschaffungsArt: v[11] as string | null,
    VerarbeitungsArt: v[12] as string | null,
  };
}
