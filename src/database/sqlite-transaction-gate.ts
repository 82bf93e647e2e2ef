import { AsyncLocalStorage } from 'node:async_hooks';
import { Mutex, MutexInterface } from 'async-mutex';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';

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
