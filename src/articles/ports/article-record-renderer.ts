import { encodeJsonList, ResponseCharset } from '../../common/http/json-bytes';
import { PriceListSequence } from '../../pricing/ports/price-determination';
import { RecordContext } from '../article.mapper';
import { ArticleFilter, ArticleKey, ArticleRow, ArticleSort } from './article-catalogue';

/** What the records of one request are rendered with. */
export interface RenderContext {
  record: RecordContext;
  prices: PriceListSequence;
}

/**
 * A piece of a list's `data` array: the JSON of `count` records joined by commas, already in the
 * bytes of the response charset (so a stream only writes it out).
 */
export interface EncodedRecords {
  count: number;
  bytes: Uint8Array;
}

/** The JSON of records as a piece of a list's `data` array. */
export function encodeRecords(json: string[], charset: ResponseCharset): EncodedRecords {
  return { count: json.length, bytes: encodeJsonList(json, charset) };
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
   * Whether it reads a run of the list's articles itself from their order keys (`renderKeyed`);
   * then a stream reads only the keys.
   */
  readsKeyedRuns(_sorts: ArticleSort[], _language: string): boolean {
    return false;
  }

  /**
   * The records of a run of consecutive articles of the list, in the run's order and encoded in
   * `charset`; an article gone meanwhile is left out.
   */
  renderKeyed(
    _run: ArticleKey[],
    _filter: ArticleFilter,
    _sorts: ArticleSort[],
    _ctx: RenderContext,
    _charset: ResponseCharset,
  ): Promise<EncodedRecords> {
    return Promise.reject(new Error('this renderer reads no keyed runs'));
  }
}
