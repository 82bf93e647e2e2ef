import { EVENT_NUMBER_RANGE } from '@app/erp-db';
import {
  EntityManager,
  InsertQueryBuilder,
  IsNull,
  ObjectLiteral,
  QueryRunner,
  UpdateQueryBuilder,
} from 'typeorm';
import {
  BatchStep,
  drawNumberSql,
  missingRange,
  resolver,
  stepsOf,
  UnitOfWork,
  WriteBatch,
} from './unit-of-work';

/** SQL Server (and any other database): one TypeORM transaction of query builders. */
export class SqlServerUnitOfWork extends UnitOfWork {
  write(batch: WriteBatch): Promise<number | null> {
    return this.dataSource.transaction(async (m) => {
      const number = batch.numberRange ? await drawNumber(m, batch.numberRange) : null;
      // Drawn after the other writes: the event range stays locked only until the commit just after.
      const eventId = batch.event ? await drawNumber(m, EVENT_NUMBER_RANGE) : null;
      const keys = new Map<string, unknown>();
      const resolve = resolver(number, eventId, keys);
      for (const step of stepsOf(batch)) {
        const result = await build(m, step, resolve).execute();
        if (step.kind === 'insert' && step.name && step.key && 'identifiers' in result)
          keys.set(step.name, result.identifiers[0]?.[step.key]);
        if (step.kind === 'update' && 'affected' in result && result.affected !== step.expectRows)
          throw step.otherwise();
      }
      return number;
    });
  }
}

/** The next number of the range, inside the transaction of `m` (its row stays locked until the commit). */
export async function drawNumber(m: EntityManager, name: string): Promise<number> {
  const driver = m.connection.driver;
  const sql = drawNumberSql(driver.options.type === 'mssql' ? 'output' : 'returning', ':name');
  const [query, params] = driver.escapeQueryWithParameters(sql, { name }, {});
  const rows = await withRunner(m, async (runner) => {
    const result = await runner.query(query, params, true);
    return (result.records ?? []) as Array<{ LetzteNr: number | string }>;
  });
  if (rows.length !== 1) throw missingRange(name);
  return Number(rows[0].LetzteNr);
}

/** The manager's own runner inside a transaction; a short-lived one outside. */
async function withRunner<T>(m: EntityManager, work: (runner: QueryRunner) => Promise<T>): Promise<T> {
  if (m.queryRunner) return work(m.queryRunner);
  const runner = m.connection.createQueryRunner();
  try {
    return await work(runner);
  } finally {
    await runner.release();
  }
}

function build(
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

function mapValues(row: ObjectLiteral, map: (value: unknown) => unknown): ObjectLiteral {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, map(v)]));
}
