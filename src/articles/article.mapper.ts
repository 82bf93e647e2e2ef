import { commaList, listEntry } from '../common/comma-list';
import { DecimalLike, dec, toJsonNumber } from '../common/money';
import { isoUtc } from '../common/http/dates';
import { encodeJson, ResponseCharset } from '../common/http/json-bytes';
import { link } from '../common/http/public-url';
import { ArticlePriceTiers, PriceTier } from '../pricing/ports/price-determination';
import { ArticleField } from './article-list-parameters';
import {
  ArticleData,
  ArticleRow,
  AttributeRow,
  DetailNeeds,
  PackagingRow,
  StockMovementRow,
} from './ports/article-catalogue';

interface StockRecord {
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
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

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
function tierRecords(tiers: PriceTier[]): Record<string, unknown>[] {
  return tiers.map((t, i) => ({
    AbAnzahl: toJsonNumber(t.AbAnzahl),
    ...(i < tiers.length - 1 && t.BisAnzahl !== null ? { BisAnzahl: toJsonNumber(t.BisAnzahl) } : {}),
    PreisList: toJsonNumber(t.PreisList),
    Preisart: t.Preisart,
    GeaendertAmUTC: isoUtc(t.GeaendertAm),
  }));
}

const optionalNumber = (v: number | string | null): number | null => (v === null ? null : toJsonNumber(v));

/** WEBSHOPVPE: the packaging units to output (as `listEntry` compares them); none listed = all. */
function releasedUnits(attributes: AttributeRow[], packagingKey: string): Set<string> | null {
  const units = attributes.filter((a) => a.PHKey === packagingKey).flatMap((a) => commaList(a.Contents));
  return units.length > 0 ? new Set(units) : null;
}

/** `Verpackungen`: the released units by factor, each with its own prices where it has any. */
function packagingRecords(
  rows: PackagingRow[],
  attributes: AttributeRow[],
  prices: ArticlePriceTiers | undefined,
  packagingKey: string,
): Record<string, unknown>[] {
  const released = releasedUnits(attributes, packagingKey);
  return rows
    .filter((p) => released === null || released.has(listEntry(p.VPEinheit)))
    .sort((a, b) => dec(a.VPEFaktor).comparedTo(dec(b.VPEFaktor)) || (a.VPEinheit < b.VPEinheit ? -1 : 1))
    .map((p) => {
      const tiers = prices?.get(p.VPEinheit);
      return {
        VPEinheit: p.VPEinheit,
        ...(p.VPBezeichnung ? { VPBezeichnung: p.VPBezeichnung } : {}),
        Gewicht: optionalNumber(p.Gewicht),
        VPEGewicht: optionalNumber(p.VPEGewicht),
        GewichtInhalt: optionalNumber(p.GewichtInhalt),
        ...(tiers && tiers.length > 0 ? { Preis: tierRecords(tiers) } : {}),
      };
    });
}

/** `links`: the article and its media (D7: absolute hrefs). */
function articleLinks(baseUrl: string, artNr: string) {
  const key = encodeURIComponent(artNr);
  return [
    link(baseUrl, `/www/artikel/${key}`, 'artikel'),
    link(baseUrl, `/www/artikelmedia/${key}`, 'artikelmedia'),
  ];
}

/** The article record of the interface: only the requested fields, in the table's order. */
export function articleRecord(
  row: ArticleRow,
  details: ArticleDetails,
  ctx: RecordContext,
): Record<string, unknown> {
  const f = ctx.fields;
  const attributes = details.attributes.get(row.ArtNr) ?? [];
  const prices = details.prices.get(row.ArtNr);
  const tiers = prices?.get('');
  const r: Record<string, unknown> = {};
  if (f.has('ArtNr')) r.ArtNr = row.ArtNr;
  if (f.has('AnLager')) r.AnLager = row.AnLager;
  if (f.has('ArtBez')) r.ArtBez = row.ArtBez;
  if (f.has('ArtikelStatus')) r.ArtikelStatus = Number(row.ArtikelStatus);
  if (f.has('Einheit')) r.Einheit = row.Einheit;
  if (f.has('Farbe')) r.Farbe = row.Farbe;
  if (f.has('WUSTSatz')) r.WUSTSatz = optionalNumber(row.WUSTSatz);
  if (f.has('GeaendertAmUTC')) r.GeaendertAmUTC = isoUtc(row.GeaendertAm);
  if (f.has('attributes')) r.attributes = attributes.map((a) => ({ Contents: a.Contents, PHKey: a.PHKey }));
  if (f.has('links')) r.links = articleLinks(ctx.baseUrl, row.ArtNr);
  if (f.has('ArtGruppe')) r.ArtGruppe = row.ArtGruppe;
  if (f.has('HatVPE')) r.HatVPE = row.HatVPE;
  if (f.has('ArtKlasse')) r.ArtKlasse = row.ArtKlasse;
  if (f.has('WaehrAbk')) r.WaehrAbk = ctx.waehrAbk;
  if (f.has('BeschaffungsArt')) r.BeschaffungsArt = row.BeschaffungsArt;
  if (f.has('VerarbeitungsArt')) r.VerarbeitungsArt = row.VerarbeitungsArt;
  if (f.has('Preis') && tiers && tiers.length > 0) r.Preis = tierRecords(tiers);
  if (f.has('Bestand')) r.Bestand = details.stock.get(row.ArtNr) ?? [];
  if (f.has('Verpackungen') && row.HatVPE === 'J')
    r.Verpackungen = packagingRecords(
      details.packaging.get(row.ArtNr) ?? [],
      attributes,
      prices,
      ctx.packagingKey,
    );
  return r;
}

/** Which details the record fields need. */
export function detailNeeds(ctx: RecordContext): DetailNeeds & { prices: boolean } {
  const f = ctx.fields;
  const packaging = f.has('Verpackungen');
  return {
    prices: f.has('Preis') || packaging,
    // WEBSHOPVPE (an attribute) says which packaging units to output.
    attributes: f.has('attributes') || packaging,
    stock: f.has('Bestand'),
    packaging,
  };
}

/** A record's JSON in the response charset. */
export interface RenderedRecord {
  artNr: string;
  bytes: Buffer;
}

/** The records of the articles read, in the order of `artNrs` (articles not read are left out). */
export function renderRecords(
  artNrs: string[],
  data: ArticleData,
  prices: Map<string, ArticlePriceTiers>,
  ctx: RecordContext,
  charset: ResponseCharset,
): RenderedRecord[] {
  const attributes = [...data.attributes].sort(
    (a, b) => compareText(a.PHKey, b.PHKey) || a.AttrID - b.AttrID,
  );
  const details: ArticleDetails = {
    prices,
    attributes: groupBy(attributes, (a) => a.ArtNr),
    stock: stockByArticle(data.stock),
    packaging: groupBy(data.packaging, (p) => p.ArtNr),
  };
  const rows = new Map(data.rows.map((r) => [r.ArtNr, r]));
  return artNrs.flatMap((artNr) => {
    const row = rows.get(artNr);
    if (row === undefined) return [];
    return [{ artNr, bytes: encodeJson(JSON.stringify(articleRecord(row, details, ctx)), charset) }];
  });
}
