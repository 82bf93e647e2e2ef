import { ArticlePriceTiers } from '../pricing/ports/price-determination';
import {
  ArticleDetails,
  ArticleRecord,
  groupBy,
  RecordContext,
  stockByArticle,
  toArticleRecord,
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

/** The records of the articles read for a page, in the order of `artNrs` (articles not read are left out). */
export function buildRecords(
  artNrs: string[],
  data: ArticleData,
  prices: Map<string, ArticlePriceTiers>,
  ctx: RecordContext,
): { artNr: string; record: ArticleRecord }[] {
  const attributes = [...data.attributes].sort((a, b) =>
    a.PHKey < b.PHKey ? -1 : a.PHKey > b.PHKey ? 1 : a.AttrID - b.AttrID,
  );
  const details: ArticleDetails = {
    prices,
    attributes: groupBy(attributes, (a) => a.ArtNr),
    stock: stockByArticle(data.stock),
    packaging: groupBy(data.packaging, (p) => p.ArtNr),
  };
  const rows = new Map(data.rows.map((r) => [r.ArtNr, r]));
  const records: { artNr: string; record: ArticleRecord }[] = [];
  for (const artNr of artNrs) {
    const row = rows.get(artNr);
    if (row) records.push({ artNr, record: toArticleRecord(row, details, ctx) });
  }
  return records;
}
