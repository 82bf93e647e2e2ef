import { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { SqlServerDriver } from 'typeorm/driver/sqlserver/SqlServerDriver';
import { EVENT_NUMBER_RANGE, EventEntity, NumberRangeEntity } from '@app/erp-db';
import { published, queryNamed, queryPreparedNamed } from './sql-gateway';
import { sqliteConnection } from './sqlite-connection';
import {
  BatchResult,
  BatchStep,
  Comparison,
  DRAWN_EVENT_ID,
  DRAWN_NUMBER,
  GeneratedKey,
  NumberedKey,
  Row,
  Table,
  BatchWriter,
  WriteBatch,
} from './batch-writer';

/** How a statement writes one value: a placeholder for a parameter, or an SQL expression. */
type ValueWriter = (value: unknown, column: ColumnMetadata) => string;

/** A statement of a batch with its parameters. */
interface PlannedStatement {
  sql: string;
  params: unknown[];
}

/** What a statement did: the rows it returned, the rows it changed. */
interface Outcome {
  rows: Row[];
  changes: number;
}

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;
const entity = (target: Table): EntityTarget<ObjectLiteral> => target as EntityTarget<ObjectLiteral>;
const isGeneratedKey = (c: ColumnMetadata): boolean => c.isGenerated && c.generationStrategy === 'increment';

/**
 * The adapters on a TypeORM DataSource. They write INSERT, UPDATE and DELETE statements straight
 * from the entity metadata: column names, the driver's value conversion (dates, decimals) and a
 * placeholder per value. Cheaper than building a QueryBuilder per statement on the hot path of
 * order creation, and it lets the caller splice expressions (the drawn number, an earlier
 * generated key) in place of values.
 */
abstract class DataSourceBatchWriter extends BatchWriter {
  constructor(protected readonly dataSource: DataSource) {
    super();
  }

  column(target: Table, property: string): ColumnMetadata {
    const column = this.dataSource.getMetadata(entity(target)).findColumnWithPropertyName(property);
    if (!column) throw new Error(`${String(target)} has no column ${property}`);
    return column;
  }

  /** The quoted generated key column of `target`, which an insert step with a `name` returns. */
  generatedKey(target: Table): string {
    const column = this.dataSource.getMetadata(entity(target)).columns.find(isGeneratedKey);
    if (!column) throw new Error(`${String(target)} has no generated key`);
    return quote(column.databaseName);
  }

  /**
   * `INSERT INTO "T" ("a", "b")<output> VALUES (…), (…)` over every column but a generated key;
   * `output` is SQL Server's OUTPUT clause.
   */
  insert(target: Table, rows: Row[], write: ValueWriter, output = ''): string {
    const metadata = this.dataSource.getMetadata(entity(target));
    const columns = metadata.columns.filter((c) => c.isInsert && !isGeneratedKey(c));
    const values = rows.map((row) => `(${columns.map((c) => write(row[c.propertyName], c)).join(', ')})`);
    return `INSERT INTO ${quote(metadata.tableName)} (${columns.map((c) => quote(c.databaseName)).join(', ')})${output} VALUES ${values.join(', ')}`;
  }

  /** `UPDATE "T" SET … WHERE …` (an undefined value in `set` is left out) or `DELETE FROM "T" WHERE …`. */
  change(step: Exclude<BatchStep, { kind: 'insert' }>, write: ValueWriter): string {
    const table = quote(this.dataSource.getMetadata(entity(step.target)).tableName);
    const assignments = Object.entries(step.kind === 'update' ? step.set : {})
      .filter(([, v]) => v !== undefined)
      .map(([p, v]) => {
        const column = this.column(step.target, p);
        return `${quote(column.databaseName)} = ${write(v, column)}`;
      });
    const where = this.where(step.target, step.where, write);
    return step.kind === 'update'
      ? `UPDATE ${table} SET ${assignments.join(', ')} WHERE ${where}`
      : `DELETE FROM ${table} WHERE ${where}`;
  }

  /** The conditions joined by AND: a value is =, null is IS NULL, a Comparison its operator. */
  private where(target: Table, where: Row, write: ValueWriter): string {
    const conditions = Object.entries(where).map(([p, v]) => {
      const metadata = this.column(target, p);
      const column = quote(metadata.databaseName);
      const value = (x: unknown) => write(x, metadata);
      if (v === null) return `${column} IS NULL`;
      if (!(v instanceof Comparison)) return `${column} = ${value(v)}`;
      if (v.op === 'IS NOT NULL') return `${column} IS NOT NULL`;
      if (v.op === 'IN') return `${column} IN (${(v.value as unknown[]).map(value).join(', ')})`;
      if (v.op === 'RANGE') {
        const [from, until] = v.value as [unknown, unknown];
        return `${column} >= ${value(from)} AND ${column} < ${value(until)}`;
      }
      return `${column} ${v.op} ${value(v.value)}`;
    });
    if (conditions.length === 0) throw new Error('A batch step writes only rows it names (no where).');
    return conditions.join(' AND ');
  }

  /** The value as the driver stores it (Date -> the SQLite text form, typed SQL Server parameter, etc.). */
  prepare(value: unknown, column: ColumnMetadata): unknown {
    if (value === undefined) return null;
    const driver = this.dataSource.driver;
    const prepared: unknown = driver.preparePersistentValue(value, column);
    return driver.options.type === 'mssql'
      ? (driver as SqlServerDriver).parametrizeValue(column, prepared)
      : prepared;
  }

  /**
   * The statements of a batch, one after the other in one transaction (SQLite, SQL Server): a
   * generator, so that a synchronous (SQLite) and an awaiting (SQL Server) runner share it. It
   * yields each statement and is given its outcome; a failed step throws its own error.
   */
  protected *plan(batch: WriteBatch): Generator<PlannedStatement, BatchResult, Outcome> {
    const output = this.dataSource.options.type === 'mssql';
    const placeholder = output ? (i: number) => `@${i}` : () => '?';
    const draw = function* (range: string): Generator<PlannedStatement, number, Outcome> {
      const { rows } = yield { sql: drawNumberSql(placeholder(0), '', output), params: [range] };
      if (rows.length !== 1) throw missingRange(range);
      return Number(rows[0].LetzteNr);
    };
    const number = batch.numberRange ? yield* draw(batch.numberRange) : null;
    const keys: Record<string, number> = {};
    const counts: number[] = [];
    let eventId: number | null = null;
    const resolve = (value: unknown): unknown => {
      if (value === DRAWN_NUMBER) return String(number);
      if (value === DRAWN_EVENT_ID) return eventId;
      if (value instanceof GeneratedKey) {
        if (!(value.step in keys)) throw new Error(`Batch step ${value.step} comes later or returns no key.`);
        return keys[value.step];
      }
      return value;
    };
    for (const [i, step] of stepsOf(batch).entries()) {
      // Drawn last: the event range stays locked only until the commit just after.
      if (i === batch.steps.length && batch.event) eventId = yield* draw(EVENT_NUMBER_RANGE);
      const params: unknown[] = [];
      const write: ValueWriter = (value, column) => {
        params.push(this.prepare(resolve(value), column));
        return placeholder(params.length - 1);
      };
      if (step.kind === 'insert') {
        const key = step.name ? this.generatedKey(step.target) : null;
        const sql =
          key && output
            ? this.insert(step.target, step.rows, write, ` OUTPUT INSERTED.${key}`)
            : this.insert(step.target, step.rows, write) + (key ? ` RETURNING ${key}` : '');
        const { rows } = yield { sql, params };
        if (step.name) keys[step.name] = Number(Object.values(rows[0] ?? {})[0]);
        counts.push(step.rows.length);
      } else {
        const { changes } = yield { sql: this.change(step, write), params };
        if (step.kind === 'update' && step.expectRows !== undefined && changes !== step.expectRows)
          throw failedStep(step, i, changes);
        counts.push(changes);
      }
    }
    return { number, counts: counts.slice(0, batch.steps.length), keys };
  }

  /** Moves a number range past a number the ERP has used. */
  protected async skipUsedNumber(range: string, numbered: NumberedKey): Promise<boolean> {
    const m = this.dataSource.manager;
    const row = await m.findOneBy(NumberRangeEntity, { Name: range });
    if (!row) return false;
    const last = Number(row.LetzteNr);
    if (!(await m.existsBy(entity(numbered.target), { [numbered.key]: String(last + 1) }))) return false;
    await this.write({
      steps: [
        {
          kind: 'update',
          target: NumberRangeEntity,
          set: { LetzteNr: last + 1 },
          where: { Name: range, LetzteNr: last },
        },
      ],
    });
    return true;
  }
}

/** The error of an update step that changed another number of rows than it expects. */
function failedStep(step: BatchStep, index: number, changed: number | null): Error {
  if (step.kind === 'update' && step.otherwise) return step.otherwise();
  const rows = step.kind === 'update' ? step.expectRows : undefined;
  return new Error(`Batch step ${index} changed ${changed ?? 'another number of'} rows, not ${rows}.`);
}

/** The statement that draws a number: adds one to the range's LetzteNr and returns it. */
function drawNumberSql(name: string, condition = '', output = false): string {
  const set = 'UPDATE "Nummernkreis" SET "LetzteNr" = "LetzteNr" + 1';
  const where = `WHERE "Name" = ${name}${condition}`;
  // SQL Server: the row, locked by the UPDATE until the commit, read back in the same batch. Not
  // UPDATE … OUTPUT INSERTED: on the T-SQL engine of CI it gave the value of before a lock wait, so
  // parallel requests got one number (docs/operations.md).
  return output
    ? `${set} ${where}; SELECT "LetzteNr" FROM "Nummernkreis" WHERE "Name" = ${name}`
    : `${set} ${where} RETURNING "LetzteNr"`;
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

function missingRange(range: string): Error {
  return new Error(`Number range ${range} does not exist (table Nummernkreis).`);
}

/**
 * SQLite: TypeORM shares one better-sqlite3 connection between all requests, so an awaited
 * transaction would take in statements of concurrent requests. The batch's statements run on the
 * service's own connection (SqliteConnection), synchronously in one BEGIN IMMEDIATE transaction:
 * nothing can interleave, and it is all or nothing.
 */
export class SqliteBatchWriter extends DataSourceBatchWriter {
  async write(batch: WriteBatch): Promise<BatchResult> {
    const db = sqliteConnection(this.dataSource);
    return db.transaction(() => {
      const plan = this.plan(batch);
      let next = plan.next();
      while (!next.done) {
        const statement = db.statement(next.value.sql);
        const params = next.value.params;
        published(next.value.sql, params);
        const rows = statement.reader ? (statement.all(...params) as Row[]) : null;
        next = plan.next(
          rows ? { rows, changes: rows.length } : { rows: [], changes: statement.run(...params).changes },
        );
      }
      return next.value;
    });
  }
}

/**
 * SQL Server: the batch's statements (the same as on SQLite) one after the other in one
 * transaction of a query runner; numbers drawn by an UPDATE and read back in one batch, their
 * range rows locked until the commit.
 */
export class SqlServerBatchWriter extends DataSourceBatchWriter {
  async write(batch: WriteBatch): Promise<BatchResult> {
    const runner = this.dataSource.createQueryRunner('master');
    try {
      await runner.startTransaction();
      const plan = this.plan(batch);
      let next = plan.next();
      while (!next.done) {
        published(next.value.sql, next.value.params);
        const result = await runner.query(next.value.sql, next.value.params, true);
        next = plan.next({ rows: (result.records ?? []) as Row[], changes: result.affected ?? 0 });
      }
      await runner.commitTransaction();
      return next.value;
    } catch (err) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw err;
    } finally {
      await runner.release();
    }
  }
}

/** In the text of the error a failed check raises: the index of the step that failed. */
const FAILED_STEP = 'erp_failed_step_';

/**
 * PostgreSQL: the whole batch is ONE statement (data-modifying CTEs), committed by the server
 * itself, so concurrent requests and instances queue on the number row only for that
 * statement's execution:
 * `WITH "n" AS (UPDATE "Nummernkreis" … RETURNING …), "s0" AS (INSERT …), … SELECT …`, with the
 * drawn number and earlier generated keys as sub-selects. An update that changes another number
 * of rows than it expects casts `erp_failed_step_<i>` to an integer: the error aborts (and so
 * rolls back) the whole statement and names the step.
 */
export class PostgresBatchWriter extends DataSourceBatchWriter {
  async write(batch: WriteBatch): Promise<BatchResult> {
    const params: Record<string, unknown> = {};
    const ctes: string[] = [];
    const selected = [
      batch.numberRange ? '(SELECT "LetzteNr" FROM "n") AS "number"' : 'NULL AS "number"',
      batch.event ? '(SELECT "LetzteNr" FROM "e") AS "event"' : 'NULL AS "event"',
    ];
    if (batch.numberRange) {
      params.range = batch.numberRange;
      ctes.push(`"n" AS (${drawNumberSql(':range')})`);
    }
    if (batch.event) {
      params.eventRange = EVENT_NUMBER_RANGE;
      // Reading "n" in the condition makes the batch's own range row lock first, always: two
      // batches never wait for each other's range rows in opposite order.
      const afterNumber = batch.numberRange ? ` AND EXISTS (SELECT 1 FROM "n")` : '';
      ctes.push(`"e" AS (${drawNumberSql(':eventRange', afterNumber)})`);
    }
    /** Per named insert step: the sub-select of its generated key. */
    const keyOf = new Map<string, string>();
    let nextParameter = Object.keys(params).length;
    const write: ValueWriter = (value, column) => {
      if (value === DRAWN_NUMBER) return `(SELECT CAST("LetzteNr" AS varchar(20)) FROM "n")`;
      if (value === DRAWN_EVENT_ID) return `(SELECT "LetzteNr" FROM "e")`;
      if (value instanceof GeneratedKey) {
        const key = keyOf.get(value.step);
        if (!key) throw new Error(`Batch step ${value.step} comes later or returns no key.`);
        return key;
      }
      const name = `p${nextParameter++}`;
      params[name] = this.prepare(value, column);
      return `:${name}`;
    };
    const steps = stepsOf(batch);
    steps.forEach((step, i) => {
      const cte = `"s${i}"`;
      if (step.kind === 'insert') {
        const sql = this.insert(step.target, step.rows, write);
        const key = step.name ? this.generatedKey(step.target) : null;
        ctes.push(`${cte} AS (${sql}${key ? ` RETURNING ${key}` : ''})`);
        if (step.name && key) {
          keyOf.set(step.name, `(SELECT ${key} FROM ${cte})`);
          selected.push(`(SELECT ${key} FROM ${cte}) AS "key${i}"`);
        }
        return;
      }
      ctes.push(`${cte} AS (${this.change(step, write)} RETURNING 1)`);
      selected.push(`(SELECT COUNT(*) FROM ${cte}) AS "count${i}"`);
      if (step.kind === 'update' && step.expectRows !== undefined)
        selected.push(
          `CAST(CASE WHEN (SELECT COUNT(*) FROM ${cte}) = ${Number(step.expectRows)} THEN '0' ` +
            `ELSE '${FAILED_STEP}${i}' END AS integer) AS "check${i}"`,
        );
    });
    const text = `WITH ${ctes.join(',\n')}\nSELECT ${selected.join(', ')}`;
    let row: Record<string, unknown> | undefined;
    try {
      // Prepared: batches of the same shape (lines, payments, addresses) share one statement text.
      const query = batch.doNotPrepare ? queryNamed : queryPreparedNamed;
      row = (await query<Record<string, unknown>>(this.dataSource, text, params))[0];
    } catch (err) {
      const driverError = (err as { driverError?: { code?: string; message?: string } }).driverError;
      const failed = new RegExp(`"${FAILED_STEP}(\\d+)"`).exec(driverError?.message ?? '');
      if (driverError?.code === '22P02' && failed)
        throw failedStep(steps[Number(failed[1])], Number(failed[1]), null);
      throw err;
    }
    if (batch.numberRange && row?.number == null) throw missingRange(batch.numberRange);
    if (batch.event && row?.event == null) throw missingRange(EVENT_NUMBER_RANGE);
    const counts = batch.steps.map((step, i) =>
      step.kind === 'insert' ? step.rows.length : Number(row?.[`count${i}`] ?? 0),
    );
    const keys: Record<string, number> = {};
    batch.steps.forEach((step, i) => {
      if (step.kind === 'insert' && step.name) keys[step.name] = Number(row?.[`key${i}`]);
    });
    return { number: row?.number == null ? null : Number(row.number), counts, keys };
  }
}
