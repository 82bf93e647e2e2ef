import { AsyncLocalStorage } from 'node:async_hooks';
import { Mutex, MutexInterface } from 'async-mutex';
import type { Database, Statement } from 'better-sqlite3';
import { DataSource, EntityManager, QueryFailedError, QueryRunner } from 'typeorm';

/** Whether no transaction is open on a gated data source's connection (nor waiting for it). */
const idleChecks = new WeakMap<DataSource, () => boolean>();
/** The gate of a gated data source. */
const gates = new WeakMap<DataSource, Mutex>();

/**
 * TypeORM's better-sqlite3 driver hands every caller the same QueryRunner. Without this gate two
 * concurrent `transaction()` calls nest as savepoints of ONE transaction, and a concurrent
 * request's plain query lands inside someone else's open transaction (and is rolled back with
 * it). The gate makes SQLite behave like the server databases:
 * - an explicit transaction (`dataSource.transaction` / `manager.transaction`) holds a mutex for
 *   its whole duration and marks its async context as the owner;
 * - queries from other contexts wait until no transaction is open;
 * - TypeORM's implicit transactions (migrations at start-up, a bare `save()`) hold the mutex too.
 * The server databases use a connection pool and need none of this.
 */
export function installSqliteTransactionGate(dataSource: DataSource): void {
  if (dataSource.options.type !== 'better-sqlite3') return;
  const gate = new Mutex();
  gates.set(dataSource, gate);
  const context = new AsyncLocalStorage<symbol>();
  let owner: symbol | null = null;
  let implicitRelease: MutexInterface.Releaser | null = null;
  const insideOwnTransaction = (): boolean => owner !== null && context.getStore() === owner;

  const manager = dataSource.manager;
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  manager.transaction = ((...args: unknown[]) => {
    if (insideOwnTransaction()) return transaction(...args);
    return gate.runExclusive(() => {
      const token = Symbol('transaction');
      owner = token;
      return context
        .run(token, () => transaction(...args))
        .finally(() => {
          owner = null;
        });
    });
  }) as EntityManager['transaction'];

  const runner: QueryRunner = dataSource.createQueryRunner();
  idleChecks.set(
    dataSource,
    () => !gate.isLocked() && implicitRelease === null && !runner.isTransactionActive,
  );
  const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  runner.query = ((...args: unknown[]) =>
    insideOwnTransaction() || implicitRelease
      ? query(...args)
      : gate.runExclusive(() => query(...args))) as QueryRunner['query'];

  const start = runner.startTransaction.bind(runner);
  runner.startTransaction = async (isolation) => {
    if (insideOwnTransaction() || implicitRelease) return start(isolation);
    implicitRelease = await gate.acquire();
    try {
      await start(isolation);
    } catch (e) {
      releaseImplicit();
      throw e;
    }
  };
  const releaseImplicit = (): void => {
    if (implicitRelease && !runner.isTransactionActive) {
      const release = implicitRelease;
      implicitRelease = null;
      release();
    }
  };
  const commit = runner.commitTransaction.bind(runner);
  runner.commitTransaction = async () => {
    try {
      await commit();
    } finally {
      releaseImplicit();
    }
  };
  const rollback = runner.rollbackTransaction.bind(runner);
  runner.rollbackTransaction = async () => {
    try {
      await rollback();
    } finally {
      releaseImplicit();
    }
  };
}

/** Statements kept prepared per connection (the one statement cache of SQLite). */
const statementCaches = new WeakMap<Database, Map<string, Statement<unknown[]>>>();
const MAX_STATEMENTS = 500;

/** The connection's prepared statement of `text` (prepared once, then reused). */
export function sqliteStatement(db: Database, text: string): Statement<unknown[]> {
  let statements = statementCaches.get(db);
  if (!statements) statementCaches.set(db, (statements = new Map()));
  let statement = statements.get(text);
  if (!statement) {
    if (statements.size >= MAX_STATEMENTS) statements.clear();
    statement = db.prepare<unknown[]>(text);
    statements.set(text, statement);
  }
  return statement;
}

function connectionOf(dataSource: DataSource): Database | undefined {
  return (dataSource.driver as unknown as { databaseConnection?: Database }).databaseConnection;
}

const functions = new WeakMap<Database, Set<string>>();

/** Registers a deterministic SQL function on the SQLite connection (once per connection and name). */
export function sqliteFunction(dataSource: DataSource, name: string, fn: (value: unknown) => unknown): void {
  const db = connectionOf(dataSource);
  if (!db) throw new Error('Not a better-sqlite3 data source.');
  let names = functions.get(db);
  if (!names) functions.set(db, (names = new Set()));
  if (names.has(name)) return;
  db.function(name, { deterministic: true }, fn);
  names.add(name);
}

/**
 * Runs `work` synchronously on the SQLite connection once the gate is free (no transaction open
 * nor queued before it): nothing of another request can interleave with it. Without a gate (a
 * data source not made by DatabaseModule) it runs at once.
 */
export async function runExclusive<T>(dataSource: DataSource, work: (db: Database) => T): Promise<T> {
  const db = connectionOf(dataSource);
  if (!db) throw new Error('Not a better-sqlite3 data source.');
  const gate = gates.get(dataSource);
  return gate ? gate.runExclusive(() => work(db)) : work(db);
}

/**
 * Runs a read-only statement on the shared SQLite connection at once, when no transaction is open
 * on it: synchronously, so none can begin before it has ended. That skips the gate's mutex and
 * TypeORM's query runner (several awaits and most of the cost of a small query), for the lookups
 * every request makes. Null when it cannot (a transaction is open or queued, not a gated SQLite
 * data source, a statement that writes): the caller then takes the usual way.
 */
export function readIfIdle<T>(dataSource: DataSource, text: string, values: unknown[]): T[] | null {
  const idle = idleChecks.get(dataSource);
  if (!idle?.()) return null;
  const db = connectionOf(dataSource);
  if (!db) return null;
  try {
    const statement = sqliteStatement(db, text);
    return statement.reader && statement.readonly ? (statement.all(...values) as T[]) : null;
  } catch (err) {
    throw new QueryFailedError(text, values, err as Error);
  }
}
