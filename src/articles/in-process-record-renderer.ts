import { Injectable } from '@nestjs/common';
import { PriceDetermination } from '../pricing/ports/price-determination';
import { ArticleRecord } from './article.mapper';
import { buildRecords } from './article-records';
import { ArticleCatalogue, ArticleRow } from './ports/article-catalogue';
import { ArticleRecordRenderer, RenderContext } from './ports/article-record-renderer';

/** Renders records on the event loop through the catalogue and pricing ports (every database). */
@Injectable()
export class InProcessRecordRenderer extends ArticleRecordRenderer {
  readonly parallelism = 1;

  constructor(
    private readonly catalogue: ArticleCatalogue,
    private readonly pricing: PriceDetermination,
  ) {
    super();
  }

  /** The records themselves (GET /www/artikel/{ArtNr} answers with the object). */
  records(rows: ArticleRow[], ctx: RenderContext): Promise<ArticleRecord[]> {
    return buildRecords(rows, ctx.record, {
      prices: (artNrs) => this.pricing.determinePrices(artNrs, ctx.prices),
      attributes: (artNrs) => this.catalogue.attributes(artNrs),
      stockMovements: (artNrs) => this.catalogue.stockMovements(artNrs),
      packaging: (artNrs) => this.catalogue.packaging(artNrs),
    });
  }

  async render(rows: ArticleRow[], ctx: RenderContext): Promise<string[]> {
    return (await this.records(rows, ctx)).map((r) => JSON.stringify(r));
  }
}
