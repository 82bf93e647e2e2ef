import { DecimalLike, dec, toJsonNumber } from '../common/money';
import { isoUtc } from '../common/http/dates';
import { Link, link } from '../common/http/public-url';
import { ArticlePriceTiers, PriceTier } from '../pricing/ports/price-determination';
import { ArticleField } from './article-fields';
import { ArticleRow, AttributeRow, PackagingRow, StockMovementRow } from './ports/article-catalogue';

export interface PriceTierRecord {
  AbAnzahl: number;
  BisAnzahl?: number;
  PreisList: number;
  Preisart: string;
  GeaendertAmUTC: string;
}

export interface StockRecord {
  LagerOrt: string;
  StaoNr: number;
  LagerBestand: number;
}

export interface PackagingRecord {
  VPEinheit: string;
  VPBezeichnung?: string;
  Gewicht: number | null;
  VPEGewicht: number | null;
  GewichtInhalt: number | null;
  Preis?: PriceTierRecord[];
}

export type ArticleRecord = Record<string, unknown>;

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

/** Stock per storage place after reservations (may be negative), by store and place. */
export function stockByArticle(rows: StockMovementRow[]): Map<string, StockRecord[]> {
  // A place's quantity as read until a second movement on it needs a sum: most places have one.
  const sums = new Map<string, { artNr: string; staoNr: number; lagerOrt: string; qty: DecimalLike }>();
  for (const r of rows) {
    const key = `${r.ArtNr}\u0000${r.StaoNr}\u0000${r.LagerOrt}`;
    const entry = sums.get(key);
    if (entry) entry.qty = dec(entry.qty).plus(dec(r.Menge));
    else sums.set(key, { artNr: r.ArtNr, staoNr: Number(r.StaoNr), lagerOrt: r.LagerOrt, qty: r.Menge });
  }
  const sorted = [...sums.values()].sort(
    (a, b) => a.staoNr - b.staoNr || (a.lagerOrt < b.lagerOrt ? -1 : a.lagerOrt > b.lagerOrt ? 1 : 0),
  );
  const result = new Map<string, StockRecord[]>();
  for (const s of sorted) {
    const list = result.get(s.artNr) ?? [];
    list.push({ LagerOrt: s.lagerOrt, StaoNr: s.staoNr, LagerBestand: toJsonNumber(s.qty) });
    result.set(s.artNr, list);
  }
  return result;
}

function tierRecords(tiers: PriceTier[] | undefined): PriceTierRecord[] | undefined {
  if (!tiers || tiers.length === 0) return undefined;
  return tiers.map((t, i) => {
    const last = i === tiers.length - 1;
    return {
      AbAnzahl: toJsonNumber(t.AbAnzahl),
      ...(last || t.BisAnzahl === null ? {} : { BisAnzahl: toJsonNumber(t.BisAnzahl) }),
      PreisList: toJsonNumber(t.PreisList),
      Preisart: t.Preisart,
      GeaendertAmUTC: isoUtc(t.GeaendertAm),
    };
  });
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

function packagingRecords(
  rows: PackagingRow[],
  attributes: AttributeRow[],
  prices: ArticlePriceTiers | undefined,
  packagingKey: string,
): PackagingRecord[] {
  const released = releasedUnits(attributes, packagingKey);
  return rows
    .filter((p) => released === null || released.has(p.VPEinheit))
    .sort((a, b) => dec(a.VPEFaktor).comparedTo(dec(b.VPEFaktor)) || (a.VPEinheit < b.VPEinheit ? -1 : 1))
    .map((p) => {
      const preis = tierRecords(prices?.get(p.VPEinheit));
      return {
        VPEinheit: p.VPEinheit,
        ...(p.VPBezeichnung ? { VPBezeichnung: p.VPBezeichnung } : {}),
        Gewicht: optionalNumber(p.Gewicht),
        VPEGewicht: optionalNumber(p.VPEGewicht),
        GewichtInhalt: optionalNumber(p.GewichtInhalt),
        ...(preis ? { Preis: preis } : {}),
      };
    });
}

function articleLinks(baseUrl: string, artNr: string): Link[] {
  const key = encodeURIComponent(artNr);
  return [
    link(baseUrl, `/www/artikel/${key}`, 'artikel'),
    link(baseUrl, `/www/artikelmedia/${key}`, 'artikelmedia'),
  ];
}

/** The article record of the interface: only the requested fields, in the table's order. */
export function toArticleRecord(row: ArticleRow, details: ArticleDetails, ctx: RecordContext): ArticleRecord {
  const f = ctx.fields;
  const r: ArticleRecord = {};
  const attributes = details.attributes.get(row.ArtNr) ?? [];
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
  const prices = details.prices.get(row.ArtNr);
  if (f.has('Preis')) {
    const preis = tierRecords(prices?.get(''));
    if (preis) r.Preis = preis;
  }
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
