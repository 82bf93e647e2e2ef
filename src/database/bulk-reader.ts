import { DataSource } from 'typeorm';
import { KeyList } from './key-list';
import { queryNamed } from './sql-gateway';

export { KeyList } from './key-list';

/** A read-only statement with TypeORM-style named parameters (`:name`, `:...list`). */
export interface ReadStatement {
  sql: string;
  params: Record<string, unknown>;
}

/**
 * Read-only queries of the large reads (the article list): rows as arrays of column values in
 * column order. On a SQLite file they run on worker threads with read-only connections of their
 * own (better-sqlite3 blocks the thread it runs on, so the event loop would otherwise do every
 * read of a page itself); on a database server through the DataSource, whose pool the server
 * serves in parallel. Reads see committed data only.
 */
export abstract class BulkReader {
  /** The rows of each statement; statements of one call run together (one round trip to a thread). */
  abstract read(statements: ReadStatement[]): Promise<unknown[][][]>;

  /** The first column of every row of a statement, as text, in the statement's order. */
  abstract keys(statement: ReadStatement): Promise<KeyList>;
}

/** Reads through the DataSource (PostgreSQL, SQL Server, an in-memory SQLite database). */
export class DataSourceReader extends BulkReader {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private async rows(s: ReadStatement): Promise<unknown[][]> {
    const rows = await queryNamed<Record<string, unknown>>(this.dataSource, s.sql, s.params);
    return rows.map((r) => Object.values(r));
  }

  read(statements: ReadStatement[]): Promise<unknown[][][]> {
    return Promise.all(statements.map((s) => this.rows(s)));
  }

  async keys(statement: ReadStatement): Promise<KeyList> {
    return KeyList.of((await this.rows(statement)).map((r) => String(r[0])));
  }
}
