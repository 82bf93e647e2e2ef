import Database, { Statement } from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
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
import { articleRowFromValues } from '../typeorm/article-sql';
import { QueryJob, RenderJob, RenderReply, RenderWorkerSettings } from './record-render-protocol';

// A render worker thread: its own read-only connection to the SQLite file, the same detail SQL
// as the TypeORM adapter and the same record code as the main thread. Loads neither Nest nor
// TypeORM, to stay small.

/** Keys per statement, as in the TypeORM adapter. */
const MAX_KEYS_PER_QUERY = 1000;
/** Distinct statement texts kept prepared (IN lists come in size classes, see inListBucket). */
const MAX_STATEMENTS = 64;

const settings = workerData as RenderWorkerSettings;
const db = new Database(settings.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 10000');
db.pragma(`cache_size = -${settings.cacheKiB}`);
const statements = new Map<string, Statement>();

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

async function render(job: RenderJob | QueryJob): Promise<RenderReply> {
  try {
    if ('query' in job) return { id: job.id, values: all(job.query.sql, job.query.params) };
    const values = job.range ? all(job.range.sql, job.range.params) : (job.rows ?? []);
    const records = await buildRecords(values.map(articleRowFromValues), job.record, detailSource(job));
    return { id: job.id, json: records.map((r) => JSON.stringify(r)) };
  } catch (e) {
    return { id: job.id, error: e instanceof Error ? e.message : String(e) };
  }
}

parentPort?.on('message', (job: RenderJob | QueryJob) => {
  void render(job).then((reply) => parentPort?.postMessage(reply));
});
