import { ResponseCharset } from '../../../common/http/json-bytes';
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

/** One batch to render (structured-cloned: dates stay Dates, the fields a Set). */
export interface RenderJob {
  id: number;
  /** The article rows as `articleRowValues` (arrays clone faster than objects), or... */
  rows?: unknown[][];
  /** ...a range query that reads them (columns as `rowColumns`)... */
  range?: Query;
  /** ...for these articles, in this order (read by number when the range misses one). */
  numbers?: string[];
  /** The description language (for articles read by number). */
  language?: string;
  record: RecordContext;
  /** The request's price-list sequence, in fallback order. */
  lists: CandidatePriceList[];
  /** Set: answer with the records joined and encoded (`bytes`, transferred); else their JSON each. */
  charset?: ResponseCharset;
}

export type RenderReply =
  | { id: number; json: string[] }
  | { id: number; bytes: Uint8Array; count: number }
  | { id: number; error: string };
