import { EVENT_NUMBER_RANGE } from '@app/erp-db';
import {
  DataSourceUnitOfWork,
  drawNumberSql,
  failedStep,
  missingRange,
  stepsOf,
  ValueWriter,
} from './batch-statements';
import { queryNamed, queryPreparedNamed } from './sql-gateway';
import { BatchResult, DRAWN_EVENT_ID, DRAWN_NUMBER, GeneratedKey, WriteBatch } from './unit-of-work';

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
export class PostgresUnitOfWork extends DataSourceUnitOfWork {
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
    const write: ValueWriter = (value, column) => {
      if (value === DRAWN_NUMBER) return `(SELECT CAST("LetzteNr" AS varchar(20)) FROM "n")`;
      if (value === DRAWN_EVENT_ID) return `(SELECT "LetzteNr" FROM "e")`;
      if (value instanceof GeneratedKey) {
        const key = keyOf.get(value.step);
        if (!key) throw new Error(`Batch step ${value.step} comes later or returns no key.`);
        return key;
      }
      const name = `p${Object.keys(params).length}`;
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
      const query = batch.seldom ? queryNamed : queryPreparedNamed;
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
