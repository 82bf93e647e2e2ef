import { CandidatePriceList } from '../../../pricing/ports/price-sources';
import { RecordContext } from '../../article.mapper';

/** What a render worker is started with. */
export interface RenderWorkerSettings {
  /** The SQLite file, opened read-only. */
  file: string;
  /** The worker connection's page cache. */
  cacheKiB: number;
}

/** A statement with TypeORM-style named parameters. */
export interface Query {
  sql: string;
  params: Record<string, unknown>;
}

/** Rows of a query, as value arrays. */
export interface QueryJob {
  id: number;
  query: Query;
}

/** One batch to render (structured-cloned: dates stay Dates, the fields a Set). */
export interface RenderJob {
  id: number;
  /** The article rows as `articleRowValues` (arrays clone faster than objects), or... */
  rows?: unknown[][];
  /** ...the query that reads them (columns as `rowColumns`). */
  range?: Query;
  record: RecordContext;
  /** The request's price-list sequence, in fallback order. */
  lists: CandidatePriceList[];
}

export type RenderReply =
  { id: number; json: string[] } | { id: number; values: unknown[][] } | { id: number; error: string };
