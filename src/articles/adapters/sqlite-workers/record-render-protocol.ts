import { CandidatePriceList } from '../../../pricing/ports/price-sources';
import { RecordContext } from '../../article.mapper';

/** What a render worker is started with. */
export interface RenderWorkerSettings {
  /** The SQLite file, opened read-only. */
  file: string;
  /** The worker connection's page cache. */
  cacheKiB: number;
}

/** One batch to render (structured-cloned: dates stay Dates, the fields a Set). */
export interface RenderJob {
  id: number;
  /** The article rows as `articleRowValues` (arrays clone faster than objects). */
  rows: unknown[][];
  record: RecordContext;
  /** The request's price-list sequence, in fallback order. */
  lists: CandidatePriceList[];
}

export type RenderReply = { id: number; json: string[] } | { id: number; error: string };
