import { createHash } from 'node:crypto';
import type { Client } from 'pg';
import { DataSource, QueryFailedError } from 'typeorm';

/**
 * How many different statement texts one service instance prepares on PostgreSQL. Each pooled
 * connection keeps the ones it has run (at most this many, so at most DB_POOL_SIZE x this many
 * on the server) until it is closed; texts beyond the limit run unprepared, as before.
 */
export const MAX_PREPARED_TEXTS = 64;

const registries = new WeakMap<DataSource, Set<string>>();

/**
 * `dataSource.query(text, values)`, but on PostgreSQL as a named (prepared) statement: a
 * connection parses and plans a text once and afterwards only binds and executes it, which
 * saves the server most of the work of the small, frequent statements of the order path.
 * Errors are the same `QueryFailedError` as from TypeORM. Other databases: `dataSource.query`.
 * Not logged by TypeORM's query logger.
 */
export async function queryPrepared<T>(
  dataSource: DataSource,
  text: string,
  values: unknown[],
): Promise<T[]> {
  if (dataSource.options.type !== 'postgres') return dataSource.query(text, values);
  let texts = registries.get(dataSource);
  if (!texts) registries.set(dataSource, (texts = new Set()));
  if (!texts.has(text)) {
    if (texts.size >= MAX_PREPARED_TEXTS) return dataSource.query(text, values);
    texts.add(text);
  }
  const name = `erp_${createHash('sha1').update(text).digest('hex')}`;
  const runner = dataSource.createQueryRunner('master');
  try {
    const client = (await runner.connect()) as Client;
    try {
      return (await client.query({ name, text, values })).rows as T[];
    } catch (err) {
      throw new QueryFailedError(text, values, err as Error);
    }
  } finally {
    await runner.release();
  }
}
