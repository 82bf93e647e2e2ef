import { ArticlePriceTiers } from '../pricing/ports/price-determination';
import {
  ArticleDetails,
  ArticleRecord,
  groupBy,
  RecordContext,
  stockByArticle,
  toArticleRecord,
} from './article.mapper';
import { ArticleRow, AttributeRow, PackagingRow, StockMovementRow } from './ports/article-catalogue';

/**
 * Where the details of a batch of records come from: the ports on the main thread, a render
 * worker's own read-only connection (src/articles/adapters/sqlite-workers). Each call is one
 * query (or a fixed few), whatever the number of articles.
 */
export interface RecordDetailSource {
  /** Price tiers by article and packaging unit, from the request's price-list sequence. */
  prices(artNrs: string[]): Promise<Map<string, ArticlePriceTiers>>;
  attributes(artNrs: string[]): Promise<AttributeRow[]>;
  stockMovements(artNrs: string[]): Promise<StockMovementRow[]>;
  packaging(artNrs: string[]): Promise<PackagingRow[]>;
}

/** The records of a batch of article rows, in their order: only the details the fields need. */
export async function buildRecords(
  rows: ArticleRow[],
  ctx: RecordContext,
  source: RecordDetailSource,
): Promise<ArticleRecord[]> {
  if (rows.length === 0) return [];
  const f = ctx.fields;
  const artNrs = rows.map((r) => r.ArtNr);
  const withPackaging = f.has('Verpackungen') ? rows.filter((r) => r.HatVPE === 'J').map((r) => r.ArtNr) : [];
  const [prices, attributes, stock, packaging] = await Promise.all([
    f.has('Preis') || withPackaging.length > 0 ? source.prices(artNrs) : Promise.resolve(new Map()),
    f.has('attributes') || withPackaging.length > 0 ? source.attributes(artNrs) : Promise.resolve([]),
    f.has('Bestand') ? source.stockMovements(artNrs) : Promise.resolve([]),
    withPackaging.length > 0 ? source.packaging(withPackaging) : Promise.resolve([]),
  ]);
  attributes.sort((a, b) => (a.PHKey < b.PHKey ? -1 : a.PHKey > b.PHKey ? 1 : a.AttrID - b.AttrID));
  const details: ArticleDetails = {
    prices,
    attributes: groupBy(attributes, (a) => a.ArtNr),
    stock: stockByArticle(stock),
    packaging: groupBy(packaging, (p) => p.ArtNr),
  };
  return rows.map((row) => toArticleRecord(row, details, ctx));
}
