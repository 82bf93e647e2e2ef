import { PriceListSequence } from '../../pricing/ports/price-determination';
import { RecordContext } from '../article.mapper';
import { ArticleRow } from './article-catalogue';

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
  /** How many batches it renders at the same time: a stream keeps that many in flight. */
  abstract readonly parallelism: number;

  /** The JSON of each row's record, in the rows' order. */
  abstract render(rows: ArticleRow[], ctx: RenderContext): Promise<string[]>;
}
