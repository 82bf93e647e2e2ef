import { DecimalLike, dec, toJsonNumber } from '../common/money';
import { isoUtc } from '../common/http/dates';
import { JsonWriter } from '../common/http/json-writer';
import { link } from '../common/http/public-url';
import { ArticlePriceTiers, PriceTier } from '../pricing/ports/price-determination';
import { ArticleField } from './article-fields';
import { ArticleRow, AttributeRow, PackagingRow, StockMovementRow } from './ports/article-catalogue';

export interface StockRecord {
  LagerOrt: string;
  StaoNr: number;
  LagerBestand: number;
}

/** Everything a page of records is built from, grouped by article number. */
export interface ArticleDetails {
  prices: Map<string, ArticlePriceTiers>;
  attributes: Map<string, AttributeRow[]>;
  stock: Map<string, StockRecord[]>;
  packaging: Map<string, PackagingRow[]>;
}

export interface RecordContext {
  fields: Set<ArticleField>;
  baseUrl: string;
  waehrAbk: string;
  /** The article attribute listing the packaging units to output (WEBSHOPVPE). */
  packagingKey: string;
}

export function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** Orders texts by their UTF-16 units, as the database's binary collation does. */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Stock per storage place after reservations (may be negative), by store and place. */
export function stockByArticle(rows: StockMovementRow[]): Map<string, StockRecord[]> {
  // Sorted by article and place, a place's movements are neighbours: no key to build per movement.
  const sorted = [...rows].sort(
    (a, b) =>
      compareText(a.ArtNr, b.ArtNr) ||
      Number(a.StaoNr) - Number(b.StaoNr) ||
      compareText(a.LagerOrt, b.LagerOrt),
  );
  const result = new Map<string, StockRecord[]>();
  for (let i = 0; i < sorted.length;) {
    const { ArtNr, LagerOrt } = sorted[i];
    const staoNr = Number(sorted[i].StaoNr);
    // A place's quantity as read until a second movement on it needs a sum: most places have one.
    let qty: DecimalLike = sorted[i].Menge;
    for (i++; i < sorted.length; i++) {
      const next = sorted[i];
      if (next.ArtNr !== ArtNr || Number(next.StaoNr) !== staoNr || next.LagerOrt !== LagerOrt) break;
      qty = dec(qty).plus(dec(next.Menge));
    }
    const record = { LagerOrt, StaoNr: staoNr, LagerBestand: toJsonNumber(qty) };
    const list = result.get(ArtNr);
    if (list) list.push(record);
    else result.set(ArtNr, [record]);
  }
  return result;
}

/** The tiers of one price as records (`Preis`): the last one without BisAnzahl. */
function writeTiers(out: JsonWriter, tiers: PriceTier[]): void {
  out.openArray();
  tiers.forEach((t, i) => {
    out.openObject().key('AbAnzahl').number(toJsonNumber(t.AbAnzahl));
    if (i < tiers.length - 1 && t.BisAnzahl !== null) out.key('BisAnzahl').number(toJsonNumber(t.BisAnzahl));
    out.key('PreisList').number(toJsonNumber(t.PreisList));
    out.key('Preisart').string(t.Preisart);
    out.key('GeaendertAmUTC').string(isoUtc(t.GeaendertAm)).closeObject();
  });
  out.closeArray();
}

const optionalNumber = (v: number | string | null): number | null => (v === null ? null : toJsonNumber(v));

/** WEBSHOPVPE: the packaging units to output; none listed = all. */
function releasedUnits(attributes: AttributeRow[], packagingKey: string): Set<string> | null {
  const units = attributes
    .filter((a) => a.PHKey === packagingKey)
    .flatMap((a) => (a.Contents ?? '').split(','))
    .map((u) => u.trim())
    .filter((u) => u !== '');
  return units.length > 0 ? new Set(units) : null;
}

/** `Verpackungen`: the released units by factor, each with its own prices where it has any. */
function writePackaging(
  out: JsonWriter,
  rows: PackagingRow[],
  attributes: AttributeRow[],
  prices: ArticlePriceTiers | undefined,
  packagingKey: string,
): void {
  const released = releasedUnits(attributes, packagingKey);
  const units = rows
    .filter((p) => released === null || released.has(p.VPEinheit))
    .sort((a, b) => dec(a.VPEFaktor).comparedTo(dec(b.VPEFaktor)) || (a.VPEinheit < b.VPEinheit ? -1 : 1));
  out.openArray();
  for (const p of units) {
    out.openObject().key('VPEinheit').string(p.VPEinheit);
    if (p.VPBezeichnung) out.key('VPBezeichnung').string(p.VPBezeichnung);
    out.key('Gewicht').number(optionalNumber(p.Gewicht));
    out.key('VPEGewicht').number(optionalNumber(p.VPEGewicht));
    out.key('GewichtInhalt').number(optionalNumber(p.GewichtInhalt));
    const tiers = prices?.get(p.VPEinheit);
    if (tiers && tiers.length > 0) writeTiers(out.key('Preis'), tiers);
    out.closeObject();
  }
  out.closeArray();
}

/** `links`: the article and its media (D7: absolute hrefs). */
function writeLinks(out: JsonWriter, baseUrl: string, artNr: string): void {
  const key = encodeURIComponent(artNr);
  out.openArray();
  for (const [path, rel] of [
    [`/www/artikel/${key}`, 'artikel'],
    [`/www/artikelmedia/${key}`, 'artikelmedia'],
  ]) {
    const l = link(baseUrl, path, rel);
    out
      .openObject()
      .key('href')
      .string(l.href)
      .key('type')
      .string(l.type)
      .key('rel')
      .string(l.rel)
      .closeObject();
  }
  out.closeArray();
}

const NO_ATTRIBUTES: AttributeRow[] = [];

/**
 * Writes the article record of the interface, only the requested fields in the table's order, as
 * JSON straight into `out` (no object per record: a page writes a hundred of them).
 */
export function writeArticleRecord(
  out: JsonWriter,
  row: ArticleRow,
  details: ArticleDetails,
  ctx: RecordContext,
): void {
  const f = ctx.fields;
  const attributes = details.attributes.get(row.ArtNr) ?? NO_ATTRIBUTES;
  out.openObject();
  if (f.has('ArtNr')) out.key('ArtNr').string(row.ArtNr);
  if (f.has('AnLager')) out.key('AnLager').string(row.AnLager);
  if (f.has('ArtBez')) out.key('ArtBez').string(row.ArtBez);
  if (f.has('ArtikelStatus')) out.key('ArtikelStatus').number(Number(row.ArtikelStatus));
  if (f.has('Einheit')) out.key('Einheit').string(row.Einheit);
  if (f.has('Farbe')) out.key('Farbe').string(row.Farbe);
  if (f.has('WUSTSatz')) out.key('WUSTSatz').number(optionalNumber(row.WUSTSatz));
  if (f.has('GeaendertAmUTC')) out.key('GeaendertAmUTC').string(isoUtc(row.GeaendertAm));
  if (f.has('attributes')) {
    out.key('attributes').openArray();
    for (const a of attributes)
      out.openObject().key('Contents').string(a.Contents).key('PHKey').string(a.PHKey).closeObject();
    out.closeArray();
  }
  if (f.has('links')) writeLinks(out.key('links'), ctx.baseUrl, row.ArtNr);
  if (f.has('ArtGruppe')) out.key('ArtGruppe').string(row.ArtGruppe);
  if (f.has('HatVPE')) out.key('HatVPE').string(row.HatVPE);
  if (f.has('ArtKlasse')) out.key('ArtKlasse').string(row.ArtKlasse);
  if (f.has('WaehrAbk')) out.key('WaehrAbk').string(ctx.waehrAbk);
  if (f.has('BeschaffungsArt')) out.key('BeschaffungsArt').string(row.BeschaffungsArt);
  if (f.has('VerarbeitungsArt')) out.key('VerarbeitungsArt').string(row.VerarbeitungsArt);
  const prices = details.prices.get(row.ArtNr);
  const tiers = f.has('Preis') ? prices?.get('') : undefined;
  if (tiers && tiers.length > 0) writeTiers(out.key('Preis'), tiers);
  if (f.has('Bestand')) {
    out.key('Bestand').openArray();
    for (const s of details.stock.get(row.ArtNr) ?? [])
      out
        .openObject()
        .key('LagerOrt')
        .string(s.LagerOrt)
        .key('StaoNr')
        .number(s.StaoNr)
        .key('LagerBestand')
        .number(s.LagerBestand)
        .closeObject();
    out.closeArray();
  }
  if (f.has('Verpackungen') && row.HatVPE === 'J')
    writePackaging(
      out.key('Verpackungen'),
      details.packaging.get(row.ArtNr) ?? [],
      attributes,
      prices,
      ctx.packagingKey,
    );
  out.closeObject();
}
