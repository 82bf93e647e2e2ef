import { PriceListSequence } from '../../pricing/ports/price-determination';
import { RecordContext } from '../article.mapper';
import { ArticleFilter, ArticleRow, ArticleSort } from './article-catalogue';

/** What the records of one request are rendered with. */
export interface RenderContext {
  record: RecordContext;
  prices: PriceListSequence;
}

/**
 * Turns article rows into the JSON of their records (details read in a constant number of
 * queries per batch). The default renders on the event loop; on a SQLite file the records are
 * rendered by worker threads with their own read-only connections, so that a cold export or
 * catalogue walk uses more than one core.
 */
export abstract class ArticleRecordRenderer {
  /** How many batches keep it busy: a stream keeps that many in flight. */
  abstract readonly parallelism: number;

  /** The JSON of each row's record, in the rows' order. */
  abstract render(rows: ArticleRow[], ctx: RenderContext): Promise<string[]>;

  /**
   * The whole list, when the renderer reads it itself: one call per batch, in list order, each
   * giving the JSON of the batch's records. Null when it cannot; then the caller reads the rows
   * and hands them to `render`.
   */
  async wholeList(
    _filter: ArticleFilter,
    _sorts: ArticleSort[],
    _ctx: RenderContext,
  ): Promise<(() => Promise<string[]>)[] | null> {
    return null;
  }
}
