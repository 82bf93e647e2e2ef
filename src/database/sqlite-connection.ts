import type { Database, Statement } from 'better-sqlite3';
import { DataSource, QueryFailedError } from 'typeorm';
import type { BetterSqlite3ConnectionOptions } from 'typeorm/driver/better-sqlite3/BetterSqlite3ConnectionOptions';
import { prepareSqliteConnection, sqliteDriver } from '@app/erp-db';
import { valuesHiddenFromPlanner } from './values-hidden-from-planner';

/** Statement texts kept prepared per connection. */
const MAX_STATEMENTS = 500;

/**
 * The service's own better-sqlite3 connection on the SQLite file of a DataSource, next to
 * TypeORM's. TypeORM's driver has ONE connection for all requests: a transaction awaited on it
 * (BEGIN … await … COMMIT) would take in the statements concurrent requests send meanwhile, and
 * roll them back with it. So no awaited transaction runs on it while requests are served (only
 * migrations and the demo seed, before the first request); TypeORM sends single statements,
 * which commit on their own within the call. Every transaction runs here instead, synchronously
 * (`transaction`): it begins and ends within one turn of the event loop, so no statement of
 * another request can come between, on this connection or on TypeORM's. Nothing is held across
 * turns, so the two connections never wait for each other; the busy timeout is for other
 * processes (the CLIs) only. Both connections see what the other committed (WAL).
 */
export class SqliteConnection {
  private readonly statements = new Map<string, Statement<unknown[]>>();

  constructor(private readonly db: Database) {}

  /**
   * The prepared statement of `text` (prepared once, then reused; its parameters hidden from the
   * planner, `valuesHiddenFromPlanner`).
   */
  statement(text: string): Statement<unknown[]> {
    let statement = this.statements.get(text);
    if (!statement) {
      if (this.statements.size >= MAX_STATEMENTS) this.statements.clear();
      statement = this.db.prepare<unknown[]>(valuesHiddenFromPlanner(text));
      this.statements.set(text, statement);
    }
    return statement;
  }

  /**
   * Runs `work` in one BEGIN IMMEDIATE transaction: committed when it returns, rolled back when
   * it throws. `work` must be synchronous (better-sqlite3 refuses a promise).
   */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  /**
   * The rows of a read-only statement, or null for a statement that writes (it is not run).
   * Errors are TypeORM's QueryFailedError, as from `dataSource.query`.
   */
  read<T>(text: string, values: unknown[]): T[] | null {
    try {
      const statement = this.statement(text);
      return statement.reader && statement.readonly ? (statement.all(...values) as T[]) : null;
    } catch (err) {
      throw new QueryFailedError(text, values, err as Error);
    }
  }

  close(): void {
    this.statements.clear();
    if (this.db.open) this.db.close();
  }
}

/** The SqliteConnection of each SQLite DataSource (opened at first use), or 'closed'. */
const connections = new WeakMap<DataSource, SqliteConnection | 'closed'>();

const file = (dataSource: DataSource) => (dataSource.options as BetterSqlite3ConnectionOptions).database;
const inMemory = (dataSource: DataSource) => file(dataSource) === '' || file(dataSource) === ':memory:';

/**
 * The SqliteConnection on the file of a SQLite `dataSource`, opened at first use (with the
 * settings and functions of TypeORM's connection) and kept until `closeSqliteConnection`
 * (DatabaseModule closes it with the application).
 */
export function sqliteConnection(dataSource: DataSource): SqliteConnection {
  let connection = connections.get(dataSource);
  if (connection === 'closed') throw new Error('The SQLite connection is closed (shutting down).');
  if (!connection) {
    if (inMemory(dataSource))
      throw new Error(
        'An in-memory SQLite database cannot be opened a second time; the service needs a file (DB_PATH).',
      );
    const db = new (sqliteDriver())(file(dataSource), { fileMustExist: true });
    prepareSqliteConnection(db);
    connections.set(dataSource, (connection = new SqliteConnection(db)));
  }
  return connection;
}

/**
 * The SqliteConnection of a SQLite data source for a read, or null where reads take TypeORM's
 * way: an in-memory database (it cannot be opened twice), a data source not (or no longer) open.
 */
export function sqliteConnectionForReads(dataSource: DataSource): SqliteConnection | null {
  const closed = !dataSource.isInitialized || connections.get(dataSource) === 'closed';
  return closed || inMemory(dataSource) ? null : sqliteConnection(dataSource);
}

/** Closes the SqliteConnection of `dataSource` for good (a later use fails, reads take TypeORM's way). */
export function closeSqliteConnection(dataSource: DataSource): void {
  const connection = connections.get(dataSource);
  if (connection instanceof SqliteConnection) connection.close();
  connections.set(dataSource, 'closed');
}
