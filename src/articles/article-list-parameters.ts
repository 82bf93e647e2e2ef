import { BLANK } from '../common/http/openapi-constraints';
import { ArticleSort, SortColumn } from './ports/article-catalogue';

/** The fields of an article record, in the order of the interface's table. */
export const ARTICLE_FIELDS = [
  'ArtNr',
  'AnLager',
  'ArtBez',
  'ArtikelStatus',
  'Einheit',
  'Farbe',
  'WUSTSatz',
  'GeaendertAmUTC',
  'attributes',
  'links',
  'ArtGruppe',
  'HatVPE',
  'ArtKlasse',
  'WaehrAbk',
  'BeschaffungsArt',
  'VerarbeitungsArt',
  'Preis',
  'Bestand',
  'Verpackungen',
] as const;

export type ArticleField = (typeof ARTICLE_FIELDS)[number];

const KNOWN = new Set<string>(ARTICLE_FIELDS);

/**
 * Record fields that can order the list; WaehrAbk is the same on every record and orders nothing.
 * A Map, so that a client's `sorts=constructor` finds nothing instead of Object's prototype.
 */
const SORT_COLUMNS = new Map<string, SortColumn | null>([
  ['ArtNr', 'ArtNr'],
  ['AnLager', 'AnLager'],
  ['ArtBez', 'ArtBez'],
  ['ArtikelStatus', 'ArtikelStatus'],
  ['Einheit', 'Einheit'],
  ['Farbe', 'Farbe'],
  ['WUSTSatz', 'WUSTSatz'],
  ['GeaendertAmUTC', 'GeaendertAm'],
  ['ArtGruppe', 'ArtGruppe'],
  ['HatVPE', 'HatVPE'],
  ['ArtKlasse', 'ArtKlasse'],
  ['WaehrAbk', null],
  ['BeschaffungsArt', 'BeschaffungsArt'],
  ['VerarbeitungsArt', 'VerarbeitungsArt'],
]);

/** A comma list of items, blanks around each allowed (as parseFields and parseSorts read it). */
const listPattern = (item: string): string => `^${BLANK}*${item}${BLANK}*(?:,${BLANK}*${item}${BLANK}*)*$`;

/** What parseFields accepts, for the document. */
export const FIELD_LIST_PATTERN = listPattern(`(?:${ARTICLE_FIELDS.join('|')})`);

/** What parseSorts accepts, for the document. */
export const SORT_LIST_PATTERN = listPattern(`[+-]?(?:${[...SORT_COLUMNS.keys()].join('|')})`);

export const DEFAULT_SORTS: ArticleSort[] = [{ column: 'ArtBez', descending: false }];

/** Result of reading a parameter: the value or what is wrong with it. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** `fields=ArtNr,ArtBez`: names of the record, case-sensitive; absent = every field. */
export function parseFields(raw: string | undefined): Parsed<Set<ArticleField>> {
  if (raw === undefined) return { ok: true, value: new Set(ARTICLE_FIELDS) };
  const names = raw.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !KNOWN.has(n));
  if (unknown.length > 0)
    return {
      ok: false,
      message: `unknown field(s) ${unknown.map((n) => JSON.stringify(n)).join(', ')}; allowed: ${ARTICLE_FIELDS.join(', ')}`,
    };
  return { ok: true, value: new Set(names as ArticleField[]) };
}

/**
 * `sorts=+ArtBez,-ArtNr`: each name with + (ascending) or - (descending). A '+' sent unencoded
 * arrives as a blank and is read as '+'; a name without a sign sorts ascending.
 */
export function parseSorts(raw: string | undefined): Parsed<ArticleSort[]> {
  if (raw === undefined) return { ok: true, value: DEFAULT_SORTS };
  const sorts: ArticleSort[] = [];
  const problems: string[] = [];
  for (const item of raw.split(',')) {
    const match = /^\s*([+-]?)([A-Za-z]+)\s*$/.exec(item);
    const column = match ? SORT_COLUMNS.get(match[2]) : undefined;
    if (!match || column === undefined) {
      problems.push(JSON.stringify(item));
      continue;
    }
    if (column !== null && !sorts.some((s) => s.column === column))
      sorts.push({ column, descending: match[1] === '-' });
  }
  if (problems.length > 0)
    return {
      ok: false,
      message: `cannot sort by ${problems.join(', ')}; use +Name or -Name with Name one of ${[...SORT_COLUMNS.keys()].join(', ')}`,
    };
  return { ok: true, value: sorts.length > 0 ? sorts : DEFAULT_SORTS };
}

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?([Zz]|[+\- ]\d{2}:?\d{2}))?$/;

/**
 * `modifiedsince`: an ISO 8601 date (midnight UTC) or date-time with offset. A '+' of the offset
 * sent unencoded arrives as a blank and is read as '+'.
 */
export function parseModifiedSince(raw: string | undefined): Parsed<Date | null> {
  if (raw === undefined) return { ok: true, value: null };
  const m = ISO_DATE_TIME.exec(raw.trim());
  const bad = {
    ok: false as const,
    message: 'must be an ISO 8601 date-time with offset, e.g. 2026-01-05T08:00:00Z',
  };
  if (!m) return bad;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone = 'Z'] = m;
  const offset = /^[Zz]$/.test(zone)
    ? 'Z'
    : `${zone[0] === '-' ? '-' : '+'}${zone
        .slice(1)
        .replace(':', '')
        .replace(/^(\d\d)(\d\d)$/, '$1:$2')}`;
  const ms = frac.padEnd(3, '0').slice(0, 3);
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}${offset}`);
  if (
    Number.isNaN(date.getTime()) ||
    Number(mo) > 12 ||
    Number(d) > 31 ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  )
    return bad;
  if (date.getUTCDate() !== Number(d) && !m[4]) return bad;
  return { ok: true, value: date };
}
