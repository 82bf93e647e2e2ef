import { EVENT_NUMBER_RANGE } from '@app/erp-db';
import { BatchStatements, ValueWriter } from './batch-statements';
import { queryPrepared } from './prepared-statements';
import {
  DRAWN_EVENT_ID,
  DRAWN_NUMBER,
  drawNumberSql,
  GeneratedKey,
  missingRange,
  stepsOf,
  UnitOfWork,
  WriteBatch,
} from './unit-of-work';

/**
 * PostgreSQL: the whole batch is ONE statement (data-modifying CTEs), committed by the server
 * itself, so concurrent requests and instances queue on the number row only for that
 * statement's execution:
 * `WITH "n" AS (UPDATE "Nummernkreis" … RETURNING …), "s0" AS (INSERT …), … SELECT …`, with the
 * drawn number and earlier generated keys as sub-selects. An update that changes the wrong
 * number of rows divides by zero, which aborts (and so rolls back) the whole statement.
 */
export class PostgresUnitOfWork extends UnitOfWork {
  private readonly sql = new BatchStatements(this.dataSource);

  async write(batch: WriteBatch): Promise<number | null> {
    const params: unknown[] = [];
    const ctes: string[] = [];
    const checks: string[] = [];
    if (batch.numberRange) {
      params.push(batch.numberRange);
      ctes.push(`"n" AS (${drawNumberSql('returning', '$1')})`);
    }
    if (batch.event) {
      params.push(EVENT_NUMBER_RANGE);
      // Reading "n" in the condition makes the batch's own range row lock first, always: two
      // batches never wait for each other's range rows in opposite order.
      const afterNumber = batch.numberRange ? ` AND EXISTS (SELECT 1 FROM "n")` : '';
      ctes.push(`"e" AS (${drawNumberSql('returning', `$${params.length}`, afterNumber)})`);
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
      // Prepared: batches of the same shape (lines, payments, addresses) share one statement text.
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
}
