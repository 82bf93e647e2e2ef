import Database from 'better-sqlite3';
import { DataSource } from 'typeorm';

/**
 * Runs one query and hands its rows over in batches without ever holding the whole result:
 * a server-side cursor on PostgreSQL/SQL Server (TypeORM's stream), and on SQLite a separate
 * read-only connection, because better-sqlite3 cannot run other statements on a connection
 * while one of its statements is being iterated.
 */
export async function* streamRows<T>(
  dataSource: DataSource,
  sql: string,
  params: unknown[],
  batchSize: number,
): AsyncGenerator<T[]> {
  if (dataSource.options.type === 'better-sqlite3') {
    yield* streamSqlite<T>(dataSource, sql, params, batchSize);
    return;
  }
  const runner = dataSource.createQueryRunner('slave');
  try {
    const stream = await runner.stream(sql, params);
    let batch: T[] = [];
    for await (const row of stream) {
      batch.push(row as T);
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

async function* streamSqlite<T>(
  dataSource: DataSource,
  sql: string,
  params: unknown[],
  batchSize: number,
): AsyncGenerator<T[]> {
  const file = String(dataSource.options.database);
  if (file === ':memory:' || file === '') {
    const rows: T[] = await dataSource.query(sql, params);
    for (let i = 0; i < rows.length; i += batchSize) yield rows.slice(i, i + batchSize);
    return;
  }
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    let batch: T[] = [];
    for (const row of db.prepare(sql).iterate(...params)) {
      batch.push(row as T);
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
