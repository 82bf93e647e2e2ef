import { EVENT_NUMBER_RANGE } from '@app/erp-db';
import { BatchStatements, ValueWriter } from './batch-statements';
import { SqliteConnection, sqliteConnection } from './sqlite-connection';
import {
  drawNumberSql,
  missingRange,
  resolver,
  SingleStatement,
  stepsOf,
  UnitOfWork,
  WriteBatch,
} from './unit-of-work';

const NUMBER_SQL = drawNumberSql('returning', '?');

/**
 * SQLite: TypeORM shares one better-sqlite3 connection between all requests, so an awaited
 * transaction would take in statements of concurrent requests. The batch runs on the service's
 * own connection (SqliteConnection), synchronously in one BEGIN IMMEDIATE transaction: nothing
 * can interleave, and it is all or nothing.
 */
export class SqliteUnitOfWork extends UnitOfWork {
  private readonly sql = new BatchStatements(this.dataSource);

  write(batch: WriteBatch): Promise<number | null> {
    return this.run((db) => db.transaction(() => this.writeNow(db, batch)));
  }

  override once(statement: SingleStatement): Promise<number> {
    const [sql, params] = statement.build(this.dataSource.manager).getQueryAndParameters() as [
      string,
      unknown[],
    ];
    return this.run((db) => db.statement(sql).run(...params).changes);
  }

  /** Runs `work` now; its errors come back as a rejected promise, as from the other adapters. */
  private async run<T>(work: (db: SqliteConnection) => T): Promise<T> {
    return work(sqliteConnection(this.dataSource));
  }

  private writeNow(db: SqliteConnection, batch: WriteBatch): number | null {
    const draw = (range: string): number => {
      const row = db.statement(NUMBER_SQL).get(range) as { LetzteNr: number } | undefined;
      if (!row) throw missingRange(range);
      return Number(row.LetzteNr);
    };
    const number = batch.numberRange ? draw(batch.numberRange) : null;
    const eventId = batch.event ? draw(EVENT_NUMBER_RANGE) : null;
    const keys = new Map<string, unknown>();
    const resolve = resolver(number, eventId, keys);
    for (const step of stepsOf(batch)) {
      const params: unknown[] = [];
      const write: ValueWriter = (value, column) => {
        params.push(this.sql.prepare(resolve(value), column));
        return '?';
      };
      const sql =
        step.kind === 'insert'
          ? this.sql.insert(step.target, step.rows, write)
          : this.sql.update(step.target, step.set, step.where, write);
      const run = db.statement(sql).run(...params);
      if (step.kind === 'insert' && step.name) keys.set(step.name, Number(run.lastInsertRowid));
      if (step.kind === 'update' && run.changes !== step.expectRows) throw step.otherwise();
    }
    return number;
  }
}
