import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { sqliteDriver } from '@app/erp-db/sqlite-driver';
import { parentPort, workerData } from 'node:worker_threads';
import { encodeJsonList } from '../../../common/http/json-bytes';
import { inListBucket } from '../../../database/in-list-bucket';
import { positionalParameters } from '../../../database/named-parameters';
import { PRICES_SQL, priceFromValues } from '../../../pricing/adapters/price-sql';
import { chooseTiers } from '../../../pricing/price-tiers';
import { buildRecords, RecordDetailSource } from '../../article-records';
import {
  ATTRIBUTES_SQL,
  attributeFromValues,
  PACKAGING_SQL,
  packagingFromValues,
  STOCK_SQL,
  stockMovementFromValues,
} from '../article-detail-sql';
import { articleRowFromValues, rowsByKeys } from '../typeorm/article-sql';
import { ArticleRow } from '../../ports/article-catalogue';
import { Query, RenderJob, RenderReply, RenderWorkerSettings } from './record-render-protocol';

// A render worker thread: its own read-only connection to the SQLite file, the same detail SQL
// as the TypeORM adapter and the same record code as the main thread. Loads neither Nest nor
// TypeORM, to stay small.

/** Keys per statement, as in the TypeORM adapter. */
const MAX_KEYS_PER_QUERY = 1000;
/** Distinct statement texts kept prepared (IN lists come in size classes, see inListBucket). */
const MAX_STATEMENTS = 64;

const settings = workerData as RenderWorkerSettings;
const db = open();
const statements = new Map<string, Statement>();

function open(): Database.Database {
  try {
    const connection = new (sqliteDriver())(settings.file, { readonly: true, fileMustExist: true });
    connection.pragma('busy_timeout = 10000');
    connection.pragma(`cache_size = -${settings.cacheKiB}`);
    return connection;
  } catch (e) {
    // A SqliteError reaches the main thread as its code alone; an Error keeps the message.
    throw new Error(`cannot open ${settings.file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Rows as value arrays (raw mode), in column order. */
function all(sql: string, params: Record<string, unknown>): unknown[][] {
  const [text, values] = positionalParameters(sql, params);
  let statement = statements.get(text);
  if (!statement) {
    if (statements.size >= MAX_STATEMENTS) statements.clear();
    statements.set(text, (statement = db.prepare(text).raw(true)));
  }
  return statement.all(...values) as unknown[][];
}

function byKeys<T>(
  sql: string,
  toRow: (values: unknown[]) => T,
  artNrs: string[],
  params: Record<string, unknown> = {},
): T[] {
  const rows: T[] = [];
  for (let i = 0; i < artNrs.length; i += MAX_KEYS_PER_QUERY) {
    const keys = inListBucket(artNrs.slice(i, i + MAX_KEYS_PER_QUERY));
    for (const values of all(sql, { ...params, artNrs: keys })) rows.push(toRow(values));
  }
  return rows;
}

function detailSource(job: RenderJob): RecordDetailSource {
  const listNrs = job.lists.map((l) => l.PreisListNr);
  return {
    prices: async (artNrs) =>
      listNrs.length === 0
        ? new Map()
        : chooseTiers(job.lists, byKeys(PRICES_SQL, priceFromValues, artNrs, { listNrs })),
    attributes: async (artNrs) => byKeys(ATTRIBUTES_SQL, attributeFromValues, artNrs),
    stockMovements: async (artNrs) => byKeys(STOCK_SQL, stockMovementFromValues, artNrs),
    packaging: async (artNrs) => byKeys(PACKAGING_SQL, packagingFromValues, artNrs),
  };
}

/**
 * The rows of a run of the list in its order: the range, and by number the articles whose order
 * keys changed since the list was read (they are no longer in the range); gone ones left out.
 */
function rowsOfRun(range: Query, numbers: string[], language: string): ArticleRow[] {
  const found = new Map<string, ArticleRow>();
  for (const values of all(range.sql, range.params)) {
    const row = articleRowFromValues(values);
    found.set(row.ArtNr, row);
  }
  const moved = numbers.filter((n) => !found.has(n));
  if (moved.length > 0) {
    const { sql, params } = rowsByKeys(
      { language, webshop: null, activeOnly: false, modifiedSince: null },
      '',
    );
    for (const row of byKeys(sql, articleRowFromValues, moved, params)) found.set(row.ArtNr, row);
  }
  return numbers.flatMap((n) => found.get(n) ?? []);
}

async function render(job: RenderJob): Promise<RenderReply> {
  try {
    const rows = job.range
      ? rowsOfRun(job.range, job.numbers ?? [], job.language ?? '')
      : (job.rows ?? []).map(articleRowFromValues);
    const records = await buildRecords(rows, job.record, detailSource(job));
    const json = records.map((r) => JSON.stringify(r));
    if (!job.charset) return { id: job.id, json };
    // encodeJsonList's buffer has an ArrayBuffer of its own: it can be handed over, not copied.
    return { id: job.id, bytes: encodeJsonList(json, job.charset), count: json.length };
  } catch (e) {
    return { id: job.id, error: e instanceof Error ? e.message : String(e) };
  }
}

parentPort?.on('message', (job: RenderJob) => {
  void render(job).then((reply) =>
    parentPort?.postMessage(reply, 'bytes' in reply ? [reply.bytes.buffer as ArrayBuffer] : []),
  );
});
