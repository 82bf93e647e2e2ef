import { DataSourceUnitOfWork } from './batch-statements';
import { sqliteConnection } from './sqlite-connection';
import { BatchResult, WriteBatch } from './unit-of-work';

/**
 * SQLite: TypeORM shares one better-sqlite3 connection between all requests, so an awaited
 * transaction would take in statements of concurrent requests. The batch's statements
 * (BatchStatements.plan) run on the service's own connection (SqliteConnection), synchronously
 * in one BEGIN IMMEDIATE transaction: nothing can interleave, and it is all or nothing.
 */
export class SqliteUnitOfWork extends DataSourceUnitOfWork {
  async write(batch: WriteBatch): Promise<BatchResult> {
    const db = sqliteConnection(this.dataSource);
    return db.transaction(() => {
      const plan = this.sql.plan(batch, 'returning');
      let next = plan.next();
      while (!next.done) {
        const { sql, params, rows } = next.value;
        const statement = db.statement(sql);
        if (rows) {
          const returned = statement.all(...params) as Array<Record<string, unknown>>;
          next = plan.next({ rows: returned, changes: returned.length });
        } else {
          next = plan.next({ rows: [], changes: statement.run(...params).changes });
        }
      }
      return next.value;
    });
  }
}
