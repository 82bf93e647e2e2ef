import { createHash } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import type { Client } from 'pg';
import { DataSource, EntityManager, EntityTarget, ObjectLiteral, QueryFailedError } from 'typeorm';
import { DbType, dbTypeOf } from '@app/erp-db';
import { positionalParameters } from './named-parameters';
import { sqliteConnectionForReads } from './sqlite-connection';

/**
 * The one way adapters send hand-written SQL with TypeORM-style named parameters (`:name`,
 * `:...list`), bound by `positionalParameters`: `queryNamed` (any statement, with the rows it
 * returns) and `queryPreparedNamed` (a read of the frequent paths, prepared where the database
 * allows it).
 */

/** A DataSource, or an EntityManager whose transaction a statement joins when it has one. */
type SqlTarget = DataSource | EntityManager;

/**
 * How many different statement texts one service instance prepares on PostgreSQL (the order
 * path's look-ups, the article list's texts: one per query, filter and IN-list size class). Each
 * pooled connection keeps the ones it has run (at most this many, so at most DB_POOL_SIZE x this
 * many on the server) until it is closed; texts beyond the limit run unprepared.
 */
const MAX_PREPARED_TEXTS = 192;

/**
 * Every statement the service sends (through this gateway, the batch writer and the bulk
 * reader) is published here as `{ text, values }` before it is sent (values where they are
 * bound), so that its count reaches the metrics (`erp_db_statements_total`) and the tests that
 * count a request's statements. TypeORM's own statements (migrations, its schema check) are not.
 */
export const sentStatements = channel('erp-rest:statement');

export function published(text: string, values?: unknown[]): void {
  if (sentStatements.hasSubscribers) sentStatements.publish({ text, values });
}

/**
 * The statement texts a pool of PostgreSQL connections runs as named (prepared) statements, at
 * most `max`: a text gets its name on first use, texts beyond the limit run unnamed. The set
 * never shrinks, because a connection keeps what it prepared until it is closed.
 */
export class PreparedTexts {
  private readonly names = new Map<string, string>();

  constructor(private readonly max: number) {}

  /** The name `text` runs under (the same text, the same name), or undefined when it runs unnamed. */
  nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < this.max) {
      name = `erp_${createHash('sha1').update(text).digest('hex')}`;
      this.names.set(text, name);
    }
    return name;
  }
}

const prepared = new WeakMap<DataSource, PreparedTexts>();

/** The texts prepared on the connections of a DataSource's pool. */
export function preparedTextsOf(dataSource: DataSource): PreparedTexts {
  let texts = prepared.get(dataSource);
  if (!texts) prepared.set(dataSource, (texts = new PreparedTexts(MAX_PREPARED_TEXTS)));
  return texts;
}

function managerOf(on: SqlTarget): EntityManager {
  return on instanceof DataSource ? on.manager : on;
}

/** SQL with named parameters as the driver's text and its values in order. */
function bound(on: SqlTarget, sql: string, params: Record<string, unknown>): [string, unknown[]] {
  return positionalParameters(sql, params, dbOf(on));
}

function dbOf(on: SqlTarget): DbType {
  return dbTypeOf(managerOf(on).connection.options.type);
}

/**
 * A read with named parameters as `dataSource.query` runs it, but on PostgreSQL as a named
 * (prepared) statement: a connection parses and plans a text once and afterwards only binds and
 * executes it, which saves the server most of the work of the small, frequent statements of the
 * order path. Errors are the same `QueryFailedError` as from TypeORM. On a SQLite file a read runs
 * at once, synchronously, on a prepared statement of the service's own connection
 * (SqliteConnection): that skips TypeORM's query runner (several awaits and most of the cost of a
 * small query), for the lookups every request makes. Other databases, and SQLite writes or
 * in-memory databases: `dataSource.query`. Not logged by TypeORM's query logger.
 */
export async function queryPreparedNamed<T>(
  dataSource: DataSource,
  sql: string,
  params: Record<string, unknown>,
): Promise<T[]> {
  const [text, values] = bound(dataSource, sql, params);
  published(text, values);
  if (dataSource.options.type === 'better-sqlite3') {
    const rows = sqliteConnectionForReads(dataSource)?.read<T>(text, values) ?? null;
    return rows ?? dataSource.query(text, values);
  }
  if (dataSource.options.type !== 'postgres') return dataSource.query(text, values);
  const name = preparedTextsOf(dataSource).nameOf(text);
  if (name === undefined) return dataSource.query(text, values);
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

/**
 * Runs any statement with named parameters through TypeORM's query runner (the manager's
 * transaction when it has one) and gives the rows it returns: a read's rows, a write's
 * RETURNING/OUTPUT rows, none for a write without them.
 */
export async function queryNamed<T>(
  on: SqlTarget,
  sql: string,
  params: Record<string, unknown>,
): Promise<T[]> {
  const [text, values] = bound(on, sql, params);
  published(text, values);
  const manager = managerOf(on);
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    return ((await runner.query(text, values, true)).records ?? []) as T[];
  } finally {
    if (!manager.queryRunner) await runner.release();
  }
}

/**
 * `SELECT <rest>` reduced to its first rows (`count`: a literal or a named parameter): `TOP` on
 * SQL Server, `LIMIT` elsewhere.
 */
export function selectFirst(on: SqlTarget, rest: string, count = '1'): string {
  return dbOf(on) === 'mssql' ? `SELECT TOP (${count}) ${rest}` : `SELECT ${rest} LIMIT ${count}`;
}

/** An entity's columns as `alias."column" AS "property"`, for a hand-written read of whole rows. */
export function entityColumns(
  dataSource: DataSource,
  target: EntityTarget<ObjectLiteral>,
  alias: string,
): string {
  return dataSource
    .getMetadata(target)
    .columns.map((c) => `${alias}."${c.databaseName}" AS "${c.propertyName}"`)
    .join(', ');
}

/**
 * A row read with `entityColumns` as the entity, its values as TypeORM's repositories give them
 * (the driver's own hydration: timestamps as Date, and so on).
 */
export function asEntity<T extends ObjectLiteral>(
  dataSource: DataSource,
  target: EntityTarget<T>,
  row: Record<string, unknown>,
): T {
  const entity: Record<string, unknown> = {};
  for (const column of dataSource.getMetadata(target).columns)
    entity[column.propertyName] = dataSource.driver.prepareHydratedValue(row[column.propertyName], column);
  return entity as T;
}
