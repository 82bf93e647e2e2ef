import { createHash } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import type { Client } from 'pg';
import { DataSource, QueryFailedError } from 'typeorm';
import { sqliteConnectionForReads } from './sqlite-connection';

/**
 * How many different statement texts one service instance prepares on PostgreSQL. Each pooled
 * connection keeps the ones it has run (at most this many, so at most DB_POOL_SIZE x this many
 * on the server) until it is closed; texts beyond the limit run unprepared, as before.
 */
export const MAX_PREPARED_TEXTS = 64;

/**
 * Statements run here without `dataSource.query` (PostgreSQL named statements, SQLite reads run
 * at once) are published here as `{ text }`, so that whoever counts queries sees them too.
 */
export const directQueries = channel('erp-rest:direct-query');

function published(text: string): void {
  if (directQueries.hasSubscribers) directQueries.publish({ text });
}

const registries = new WeakMap<DataSource, Set<string>>();

/** The name a statement text is prepared under on PostgreSQL (the same text, the same name). */
export function preparedStatementName(text: string): string {
  return `erp_${createHash('sha1').update(text).digest('hex')}`;
}

/**
 * `dataSource.query(text, values)`, but on PostgreSQL as a named (prepared) statement: a
 * connection parses and plans a text once and afterwards only binds and executes it, which
 * saves the server most of the work of the small, frequent statements of the order path.
 * Errors are the same `QueryFailedError` as from TypeORM. On a SQLite file a read runs at once,
 * synchronously, on a prepared statement of the service's own connection (SqliteConnection):
 * that skips TypeORM's query runner (several awaits and most of the cost of a small query), for
 * the lookups every request makes. Other databases, and SQLite writes or in-memory databases:
 * `dataSource.query`. Not logged by TypeORM's query logger.
 */
export async function queryPrepared<T>(
  dataSource: DataSource,
  text: string,
  values: unknown[],
): Promise<T[]> {
  if (dataSource.options.type === 'better-sqlite3') {
    const rows = sqliteConnectionForReads(dataSource)?.read<T>(text, values) ?? null;
    if (rows === null) return dataSource.query(text, values);
    published(text);
    return rows;
  }
  if (dataSource.options.type !== 'postgres') return dataSource.query(text, values);
  let texts = registries.get(dataSource);
  if (!texts) registries.set(dataSource, (texts = new Set()));
  if (!texts.has(text)) {
    if (texts.size >= MAX_PREPARED_TEXTS) return dataSource.query(text, values);
    texts.add(text);
  }
  const name = preparedStatementName(text);
  const runner = dataSource.createQueryRunner('master');
  try {
    const client = (await runner.connect()) as Client;
    try {
      published(text);
      return (await client.query({ name, text, values })).rows as T[];
    } catch (err) {
      throw new QueryFailedError(text, values, err as Error);
    }
  } finally {
    await runner.release();
  }
}

/** `dataSource.query` of SQL with TypeORM-style named parameters (`:name`, `:...list`). */
export function queryNamed<T>(
  dataSource: DataSource,
  sql: string,
  params: Record<string, unknown>,
): Promise<T[]> {
  const [text, values] = dataSource.driver.escapeQueryWithParameters(sql, params, {});
  return dataSource.query(text, values);
}

/** `queryPrepared` of SQL with TypeORM-style named parameters (`:name`, `:...list`). */
export function queryPreparedNamed<T>(
  dataSource: DataSource,
  sql: string,
  params: Record<string, unknown>,
): Promise<T[]> {
  const [text, values] = dataSource.driver.escapeQueryWithParameters(sql, params, {});
  return queryPrepared<T>(dataSource, text, values);
}
