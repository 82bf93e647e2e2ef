import { Injectable } from '@nestjs/common';
import type { Database, RunResult, Statement } from 'better-sqlite3';
import {
  DataSource,
  DeleteQueryBuilder,
  EntityManager,
  EntityTarget,
  InsertQueryBuilder,
  IsNull,
  ObjectLiteral,
  UpdateQueryBuilder,
} from 'typeorm';
import { EVENT_NUMBER_RANGE, EventEntity } from '@app/erp-db';
import { NumberRangeService } from '../common/number-range/number-range.service';
import { PendingEvent } from '../events/erp-events';
import { BatchStatements, ValueWriter } from './batch-statements';
import { queryPrepared } from './prepared-statements';

/** In a batch's rows: the number the batch draws, as a string (e.g. AuftNr). */
export const DRAWN_NUMBER = Symbol('drawn number');

/** In a batch's rows: the event id the batch draws from REST_EVENT (see WriteBatch.event). */
const DRAWN_EVENT_ID = Symbol('drawn event id');

/** In a batch's rows: the generated key of an earlier insert step of the same batch. */
export class GeneratedKey {
  constructor(readonly step: string) {}
}

export type BatchStep =
  | {
      kind: 'insert';
      target: EntityTarget<ObjectLiteral>;
      rows: ObjectLiteral[];
      /** Name under which later rows refer to the generated key (single-row inserts). */
      name?: string;
      /** The generated key column, when `name` is set. */
      key?: string;
    }
  | {
      kind: 'update';
      target: EntityTarget<ObjectLiteral>;
      set: ObjectLiteral;
      /** Column values to match; null matches IS NULL. */
      where: ObjectLiteral;
      /** Rows the update must change; otherwise the batch is rolled back with `otherwise()`. */
      expectRows: number;
      otherwise: () => Error;
    };

/** Rows that are written together or not at all; optionally numbered from a number range. */
export interface WriteBatch {
  numberRange?: string;
  steps: BatchStep[];
  /**
   * The outbox row of the change (D10), written last, with its id drawn from REST_EVENT in the
   * same transaction; `key` may be DRAWN_NUMBER.
   */
  event?: { pending: PendingEvent; key: unknown } | null;
}

/** The batch's steps, with the outbox row as the last one. */
function stepsOf(batch: WriteBatch): BatchStep[] {
  if (!batch.event) return batch.steps;
  const { pending, key } = batch.event;
  const row = {
    id: DRAWN_EVENT_ID,
    event: pending.event,
    objKey: key,
    action: pending.action,
    userName: pending.user,
    occurredAt: pending.occurredAt,
    fannedOut: 0,
  };
  return [...batch.steps, { kind: 'insert', target: EventEntity, rows: [row] }];
}

/** One statement on its own (see `once`). */
export type SingleStatement =
  | { kind: 'insert'; build: (m: EntityManager) => InsertQueryBuilder<ObjectLiteral> }
  | {
      kind: 'change';
      build: (m: EntityManager) => UpdateQueryBuilder<ObjectLiteral> | DeleteQueryBuilder<ObjectLiteral>;
    };

const POLL_MS = 1;
const NUMBER_SQL =
  'UPDATE "Nummernkreis" SET "LetzteNr" = "LetzteNr" + 1 WHERE "Name" = ? RETURNING "LetzteNr"';

/**
 * Writes batches atomically, with the number drawn inside the same transaction (a rollback
 * gives it back), without holding the number-range row locked across client round trips:
 * - PostgreSQL: the whole batch is ONE statement (data-modifying CTEs), committed by the server
 *   itself, so concurrent requests and instances queue on the number row only for that
 *   statement's execution.
 * - SQLite: TypeORM shares one better-sqlite3 connection between all requests, so an awaited
 *   transaction would nest into (or swallow statements of) concurrent ones; the batch runs
 *   synchronously in one BEGIN IMMEDIATE transaction once no other transaction is open on the
 *   connection. Nothing can interleave; other processes wait on SQLite's busy timeout.
 * - SQL Server: one TypeORM transaction (query builders), the number drawn by NumberRangeService
 *   (UPDATE … OUTPUT).
 */
@Injectable()
export class AtomicWrites {
  private readonly statements = new Map<string, Statement<unknown[]>>();
  private readonly sql: BatchStatements;

  constructor(
    private readonly dataSource: DataSource,
    private readonly numberRanges: NumberRangeService,
  ) {
    this.sql = new BatchStatements(dataSource);
  }

  /** Writes the batch; returns the drawn number (null without a number range). */
  async write(batch: WriteBatch): Promise<number | null> {
    const db = this.sqlite();
    if (db) {
      await noTransactionOpen(db);
      return db.transaction(() => this.writeSqlite(db, batch)).immediate();
    }
    if (this.dataSource.options.type === 'postgres') return this.writePostgres(batch);
    return this.dataSource.transaction((m) => this.writeInTransaction(m, batch));
  }

  /** One statement on its own (autocommit), kept out of any other request's open transaction. */
  async once(statement: SingleStatement): Promise<number> {
    const db = this.sqlite();
    if (!db) {
      const result = await statement.build(this.dataSource.manager).execute();
      return 'identifiers' in result ? result.identifiers.length : (result.affected ?? 0);
    }
    await noTransactionOpen(db);
    const [sql, params] = statement.build(this.dataSource.manager).getQueryAndParameters() as [
      string,
      unknown[],
    ];
    return this.prepare(db, sql).run(...params).changes;
  }

  private writeSqlite(db: Database, batch: WriteBatch): number | null {
    let number: number | null = null;
    if (batch.numberRange) {
      const row = this.prepare(db, NUMBER_SQL).get(batch.numberRange) as { LetzteNr: number } | undefined;
      if (!row) throw missingRange(batch.numberRange);
      number = Number(row.LetzteNr);
    }
    let eventId: number | null = null;
    if (batch.event) {
      const row = this.prepare(db, NUMBER_SQL).get(EVENT_NUMBER_RANGE) as { LetzteNr: number } | undefined;
      if (!row) throw missingRange(EVENT_NUMBER_RANGE);
      eventId = Number(row.LetzteNr);
    }
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
      const run: RunResult = this.prepare(db, sql).run(...params);
      if (step.kind === 'insert' && step.name) keys.set(step.name, Number(run.lastInsertRowid));
      if (step.kind === 'update' && run.changes !== step.expectRows) throw step.otherwise();
    }
    return number;
  }

  private async writeInTransaction(m: EntityManager, batch: WriteBatch): Promise<number | null> {
    const number = batch.numberRange ? await this.numberRanges.next(m, batch.numberRange) : null;
    // Drawn after the other writes: the event range stays locked only until the commit just after.
    const eventId = batch.event ? await this.numberRanges.next(m, EVENT_NUMBER_RANGE) : null;
    const keys = new Map<string, unknown>();
    const resolve = resolver(number, eventId, keys);
    for (const step of stepsOf(batch)) {
      const result = await this.build(m, step, resolve).execute();
      if (step.kind === 'insert' && step.name && step.key && 'identifiers' in result)
        keys.set(step.name, result.identifiers[0]?.[step.key]);
      if (step.kind === 'update' && 'affected' in result && result.affected !== step.expectRows)
        throw step.otherwise();
    }
    return number;
  }

  /**
   * `WITH "n" AS (UPDATE "Nummernkreis" … RETURNING …), "s0" AS (INSERT …), … SELECT …`, with the
   * drawn number and earlier generated keys as sub-selects. An update that changes the wrong
   * number of rows divides by zero, which aborts (and so rolls back) the whole statement.
   */
  private async writePostgres(batch: WriteBatch): Promise<number | null> {
    const params: unknown[] = [];
    const ctes: string[] = [];
    const checks: string[] = [];
    if (batch.numberRange) {
      params.push(batch.numberRange);
      ctes.push(
        `"n" AS (UPDATE "Nummernkreis" SET "LetzteNr" = "LetzteNr" + 1 WHERE "Name" = $1 RETURNING "LetzteNr")`,
      );
    }
    if (batch.event) {
      params.push(EVENT_NUMBER_RANGE);
      // Reading "n" in the condition makes the batch's own range row lock first, always: two
      // batches never wait for each other's range rows in opposite order.
      const afterNumber = batch.numberRange ? ` AND EXISTS (SELECT 1 FROM "n")` : '';
      ctes.push(
        `"e" AS (UPDATE "Nummernkreis" SET "LetzteNr" = "LetzteNr" + 1 WHERE "Name" = $${params.length}${afterNumber} RETURNING "LetzteNr")`,
      );
    }
    const keyOf = new Map<string, { cte: string; key: string }>();
    const write: ValueWriter = (value, column) => {
      if (value === DRAWN_NUMBER) return `(SELECT CAST("LetzteNr" AS varchar(20)) FROM "n")`;
      if (value === DRAWN_EVENT_ID) return `(SELECT "LetzteNr" FROM "e")`;
      if (value instanceof GeneratedKey) {
        const source = keyOf.get(value.step);
        if (!source) throw new Error(`Batch step ${value.step} comes later or returns no key.`);
        return `(SELECT "${source.key}" FROM "${source.cte}")`;
      }
      params.push(this.sql.prepare(value, column));
      return `$${params.length}`;
    };
    stepsOf(batch).forEach((step, i) => {
      const cte = `s${i}`;
      if (step.kind === 'insert') {
        const sql = this.sql.insert(step.target, step.rows, write);
        if (step.name && step.key) {
          keyOf.set(step.name, { cte, key: step.key });
          ctes.push(`"${cte}" AS (${sql} RETURNING "${step.key}")`);
        } else {
          ctes.push(`"${cte}" AS (${sql})`);
        }
      } else {
        ctes.push(`"${cte}" AS (${this.sql.update(step.target, step.set, step.where, write)} RETURNING 1)`);
        const expected = Number(step.expectRows);
        checks.push(
          `1 / CASE WHEN (SELECT COUNT(*) FROM "${cte}") = ${expected} THEN 1 ELSE 0 END AS "check${i}"`,
        );
      }
    });
    const selected = [
      batch.numberRange ? '(SELECT "LetzteNr" FROM "n") AS "number"' : 'NULL AS "number"',
      batch.event ? '(SELECT "LetzteNr" FROM "e") AS "event"' : 'NULL AS "event"',
      ...checks,
    ];
    try {
      // Prepared: orders of the same shape (lines, payments, addresses) share one statement text.
      const rows = await queryPrepared<{ number: number | string | null; event: number | string | null }>(
        this.dataSource,
        `WITH ${ctes.join(',\n')}\nSELECT ${selected.join(', ')}`,
        params,
      );
      const number = rows[0]?.number ?? null;
      if (batch.numberRange && number === null) throw missingRange(batch.numberRange);
      if (batch.event && rows[0]?.event == null) throw missingRange(EVENT_NUMBER_RANGE);
      return number === null ? null : Number(number);
    } catch (err) {
      const code = (err as { driverError?: { code?: string } }).driverError?.code;
      const update = batch.steps.find((s) => s.kind === 'update');
      if (code === '22012' && update?.kind === 'update') throw update.otherwise();
      throw err;
    }
  }

  private build(
    m: EntityManager,
    step: BatchStep,
    resolve: (value: unknown) => unknown,
  ): InsertQueryBuilder<ObjectLiteral> | UpdateQueryBuilder<ObjectLiteral> {
    if (step.kind === 'insert') {
      return m
        .createQueryBuilder()
        .insert()
        .into(step.target)
        .values(step.rows.map((row) => mapValues(row, resolve)))
        .updateEntity(step.name !== undefined);
    }
    return m
      .createQueryBuilder()
      .update(step.target)
      .set(mapValues(step.set, resolve))
      .where(mapValues(step.where, (v) => (v === null ? IsNull() : resolve(v))));
  }

  private sqlite(): Database | null {
    if (this.dataSource.options.type !== 'better-sqlite3') return null;
    return (this.dataSource.driver as unknown as { databaseConnection: Database }).databaseConnection;
  }

  private prepare(db: Database, sql: string): Statement<unknown[]> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = db.prepare<unknown[]>(sql);
      if (this.statements.size < 500) this.statements.set(sql, statement);
    }
    return statement;
  }
}

function resolver(
  number: number | null,
  eventId: number | null,
  keys: Map<string, unknown>,
): (value: unknown) => unknown {
  return (value) => {
    if (value === DRAWN_NUMBER) return String(number);
    if (value === DRAWN_EVENT_ID) return eventId;
    if (value instanceof GeneratedKey) return keys.get(value.step);
    return value;
  };
}

function mapValues(row: ObjectLiteral, map: (value: unknown) => unknown): ObjectLiteral {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, map(v)]));
}

function missingRange(range: string): Error {
  return new Error(`Number range ${range} does not exist (table Nummernkreis).`);
}

async function noTransactionOpen(db: Database): Promise<void> {
  while (db.inTransaction) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
}

/** A duplicate key (primary key or unique index) on any of the three databases. */
export function isUniqueViolation(err: unknown): boolean {
  const e = ((err as { driverError?: unknown })?.driverError ?? err) as { code?: unknown; number?: unknown };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.number === 2627 ||
    e?.number === 2601
  );
}
