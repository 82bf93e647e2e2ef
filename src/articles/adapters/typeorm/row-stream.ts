import { sqliteDriver } from '@app/erp-db';
import { DataSource } from 'typeorm';

/** A row as the values of its columns, in the SELECT's order. */
export type RowValues = unknown[];

/**
 * Runs one query and hands its rows over in batches without ever holding the whole result:
 * a server-side cursor on PostgreSQL/SQL Server (TypeORM's stream), and on SQLite a separate
 * read-only connection, because better-sqlite3 cannot run other statements on a connection
 * while one of its statements is being iterated. Rows come as value arrays (SQLite's raw mode
 * skips building an object per row, the larger part of reading a row there).
 */
export async function* streamRows(
  dataSource: DataSource,
  sql: string,
  params: unknown[],
  batchSize: number,
): AsyncGenerator<RowValues[]> {
  if (dataSource.options.type === 'better-sqlite3') {
    yield* streamSqlite(dataSource, sql, params, batchSize);
    return;
  }
  const runner = dataSource.createQueryRunner('slave');
  try {
    const stream = await runner.stream(sql, params);
    let batch: RowValues[] = [];
    for await (const row of stream) {
      batch.push(Object.values(row as object));
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    await runner.release();
  }
}

/**
 * Page cache of a stream's own connection. A stream reads its order index once, front to back, so
 * a page is rarely wanted twice; what is (the web-shop attribute lookups, ~4 MB of index on 100k
 * articles) fits. SQLite's default here would be 16 MB, held until the stream ends.
 */
const STREAM_CACHE_KIB = 6 * 1024;

async function* streamSqlite(
  dataSource: DataSource,
  sql: string,
  params: unknown[],
  batchSize: number,
): AsyncGenerator<RowValues[]> {
  const file = String(dataSource.options.database);
  if (file === ':memory:' || file === '') {
    const rows = (await dataSource.query(sql, params)) as object[];
    for (let i = 0; i < rows.length; i += batchSize)
      yield rows.slice(i, i + batchSize).map((r) => Object.values(r));
    return;
  }
  const db = new (sqliteDriver())(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    db.pragma(`cache_size = -${STREAM_CACHE_KIB}`);
    let batch: RowValues[] = [];
    for (const row of db
      .prepare(sql)
      .raw(true)
      .iterate(...params)) {
      batch.push(row as RowValues);
      if (batch.length >= batchSize) {
        // Reading is synchronous: let other requests in between batches (promises alone would not).
        await new Promise((resolve) => setImmediate(resolve));
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    db.close();
  }
}
