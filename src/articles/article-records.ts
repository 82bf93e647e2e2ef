import { ArticlePriceTiers } from '../pricing/ports/price-determination';
import { ResponseCharset } from '../common/http/json-bytes';
import { JsonWriter } from '../common/http/json-writer';
import {
  ArticleDetails,
  compareText,
  groupBy,
  RecordContext,
  stockByArticle,
  writeArticleRecord,
} from './article.mapper';
import { ArticleData, DetailNeeds } from './ports/article-catalogue';

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

/** What a record with every field takes, about (the buffer grows when a page takes more). */
const RECORD_BYTES = 1024;

/** A record's JSON in the response charset. */
export interface RenderedRecord {
  artNr: string;
  bytes: Uint8Array;
}

/**
 * The records of the articles read for a page, in the order of `artNrs` (articles not read are
 * left out), as JSON in the response charset: written into one buffer, each record a view of it
 * (no object, string or buffer of its own per record).
 */
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
  const out = new JsonWriter(charset, artNrs.length * RECORD_BYTES);
  const written: { artNr: string; from: number; to: number }[] = [];
  for (const artNr of artNrs) {
    const row = rows.get(artNr);
    if (row === undefined) continue;
    const from = out.length;
    writeArticleRecord(out, row, details, ctx);
    written.push({ artNr, from, to: out.length });
  }
  const bytes = out.bytes();
  return written.map((w) => ({ artNr: w.artNr, bytes: bytes.subarray(w.from, w.to) }));
}
