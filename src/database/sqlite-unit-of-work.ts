import type { Database } from 'better-sqlite3';
import { EVENT_NUMBER_RANGE } from '@app/erp-db';
import { BatchStatements, ValueWriter } from './batch-statements';
import { runExclusive, sqliteStatement } from './sqlite-transaction-gate';
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
 * transaction would take in statements of concurrent requests. The batch runs synchronously in
 * one BEGIN IMMEDIATE transaction once the transaction gate is free: nothing can interleave.
 */
export class SqliteUnitOfWork extends UnitOfWork {
  private readonly sql = new BatchStatements(this.dataSource);

  write(batch: WriteBatch): Promise<number | null> {
    return runExclusive(this.dataSource, (db) => db.transaction(() => this.writeNow(db, batch)).immediate());
  }

  once(statement: SingleStatement): Promise<number> {
    const [sql, params] = statement.build(this.dataSource.manager).getQueryAndParameters() as [
      string,
      unknown[],
    ];
    return runExclusive(this.dataSource, (db) => sqliteStatement(db, sql).run(...params).changes);
  }

  private writeNow(db: Database, batch: WriteBatch): number | null {
    const draw = (range: string): number => {
      const row = sqliteStatement(db, NUMBER_SQL).get(range) as { LetzteNr: number } | undefined;
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
      const run = sqliteStatement(db, sql).run(...params);
      if (step.kind === 'insert' && step.name) keys.set(step.name, Number(run.lastInsertRowid));
      if (step.kind === 'update' && run.changes !== step.expectRows) throw step.otherwise();
    }
    return number;
  }
}
