import 'reflect-metadata';
import type { Database } from 'better-sqlite3';
import { Readable } from 'node:stream';
import { DataSource, DataSourceOptions, EntityManager } from 'typeorm';
import { Broadcaster } from 'typeorm/subscriber/Broadcaster';
import { DbType, ERP_ENTITIES } from '@app/erp-db';
import * as sqliteDriver from '@app/erp-db/sqlite-driver';
import { PostgresReader } from '../../src/database/postgres-reader';
import { SqliteConnection } from '../../src/database/sqlite-connection';
import { DataSourceReader, BulkReader } from '../../src/database/bulk-reader';
import { SqliteReadPool } from '../../src/database/sqlite-read-pool';
import runRead from '../../src/database/sqlite-read-worker';

/** What a recorded statement is answered with: its rows and, for a write, the rows it changed. */
export type Answer = (sql: string) => { records: unknown[]; affected?: number };

/** One row that gives 7 for every column it is asked for (a drawn number, a generated key, a count). */
export const ANY_ROW: Record<string, unknown> = new Proxy(
  {},
  {
    get: (_, column) =>
      typeof column === 'string' && column !== 'then' && column !== 'toJSON' ? 7 : undefined,
  },
);

/** A statement that gives rows back: a read, or a write with RETURNING, OUTPUT or a read-back. */
const RETURNS_ROWS = /^\s*(?:SELECT|WITH)\b|\bRETURNING\b|\bOUTPUT\b|; SELECT /i;

/**
 * By default a statement that gives rows gives one ANY_ROW (so a call goes on to the statements
 * it sends after a first read), and every write changes one row.
 */
export const oneRow: Answer = (sql) => ({ records: RETURNS_ROWS.test(sql) ? [ANY_ROW] : [], affected: 1 });

const OPTIONS: Record<DbType, DataSourceOptions> = {
  sqlite: { type: 'better-sqlite3', database: '/nowhere/erp.sqlite' },
  postgres: { type: 'postgres', host: 'localhost', database: 'erp', username: 'erp', password: 'x' },
  mssql: { type: 'mssql', host: 'localhost', database: 'erp', username: 'sa', password: 'x' },
};

/**
 * A DataSource of the given database that never connects: every statement sent through it is
 * recorded (and answered by `answer`), so the SQL of each database can be read without a server.
 * It records what leaves the service, on every way a statement takes: TypeORM's query runner
 * (repositories, query builders, `queryNamed`, the SQL Server batch writer), the PostgreSQL
 * client of prepared statements (`queryPreparedNamed`, the PostgreSQL batch writer), and on
 * SQLite the service's own connection (`sqliteConnection()`, the SQLite batch writer, reads run
 * at once) when `sqliteConnection` returns the one given here, and `reader`, the BulkReader of the
 * database (on SQLite its read thread's code, run here).
 */
export async function recordingDatabase(
  type: DbType,
  answer: Answer = oneRow,
  // The entities it knows (all; a part where their column types are of another database).
  entities: DataSourceOptions['entities'] = ERP_ENTITIES,
): Promise<{ dataSource: DataSource; sent: string[]; sqlite: SqliteConnection; reader: BulkReader }> {
  const sent: string[] = [];
  const dataSource = new DataSource({ ...OPTIONS[type], entities } as DataSourceOptions);
  // The entity metadata, as initialize() builds it, without a connection.
  await (dataSource as unknown as { buildMetadatas(): Promise<void> }).buildMetadatas();
  const record = (sql: string) => {
    sent.push(sql);
    return answer(sql);
  };
  const client = {
    query: ({ text }: { text: string }) => Promise.resolve({ rows: record(text).records }),
  };
  const runner = {
    query: (sql: string, _values?: unknown[], structured?: boolean) =>
      Promise.resolve(structured ? record(sql) : record(sql).records),
    stream: (sql: string) => {
      record(sql);
      return Promise.resolve(Readable.from([]));
    },
    connect: () => Promise.resolve(client),
    release: () => Promise.resolve(),
    startTransaction: () => Promise.resolve(),
    commitTransaction: () => Promise.resolve(),
    rollbackTransaction: () => Promise.resolve(),
    isTransactionActive: true,
    manager: undefined as EntityManager | undefined,
    connection: dataSource,
    data: {},
  };
  Object.assign(runner, { broadcaster: new Broadcaster(runner as never) });
  Object.assign(dataSource, {
    query: (sql: string) => Promise.resolve(record(sql).records),
    createQueryRunner: () => runner,
    transaction: (work: (m: EntityManager) => Promise<unknown>) => work(dataSource.manager),
  });
  // better-sqlite3's side of the service's own SQLite connection: prepared texts that record each run.
  const database = {
    prepare: (text: string) => {
      const reader = /^\s*(?:SELECT|WITH|VALUES)\b/i.test(text) || /\bRETURNING\b/i.test(text);
      return {
        reader,
        readonly: reader && !/\b(?:INSERT|UPDATE|DELETE)\b/i.test(text),
        all: () => record(text).records,
        run: () => ({ changes: record(text).affected ?? 0 }),
      };
    },
    transaction: (work: () => unknown) => ({ immediate: () => work() }),
    open: true,
    close: () => undefined,
  };
  return {
    dataSource,
    sent,
    sqlite: new SqliteConnection(database as unknown as Database),
    reader: readerOf(type, dataSource, database, record),
  };
}

/**
 * The BulkReader the service uses on the database, its statements recorded: on SQLite the read
 * pool with its thread's code run in this thread, on PostgreSQL the reader on the DataSource's
 * pool, on SQL Server the DataSource.
 */
function readerOf(
  type: DbType,
  dataSource: DataSource,
  database: { prepare(text: string): object },
  record: (sql: string) => { records: unknown[] },
): BulkReader {
  if (type === 'postgres') {
    const pool = {
      query: ({ text }: { text: string }) => Promise.resolve({ rows: record(text).records.map(() => []) }),
    };
    Object.assign(dataSource.driver, { master: pool });
    return new PostgresReader(dataSource);
  }
  if (type === 'mssql') return new DataSourceReader(dataSource);
  // The thread's connection: its statements as those of the service's own connection, rows as
  // arrays; SQLite's JSON form of the rows refused, so every read runs as the text it prepares.
  const threadConnection = {
    pragma: () => undefined,
    function: () => undefined,
    prepare: (text: string) => {
      if (text.startsWith('SELECT json_group_array(')) throw new Error('not recorded');
      const statement = database.prepare(text) as { all(): unknown[] };
      const rows = () => statement.all().map(() => []);
      return { raw: () => ({ all: rows, iterate: rows, columns: () => [] }) };
    },
  };
  jest.spyOn(sqliteDriver, 'sqliteDriver').mockReturnValue(function Driver() {
    return threadConnection;
  } as never);
  return Object.assign(Object.create(SqliteReadPool.prototype) as SqliteReadPool, {
    pool: { run: (task: Parameters<typeof runRead>[0]) => Promise.resolve(runRead(task)) },
  });
}
