import { Injectable } from '@nestjs/common';
import { EntityManager, QueryRunner } from 'typeorm';

/**
 * Hands out the next number of a range (Nummernkreis: 'DEBITOR', 'AUFTRAG', ...).
 * One UPDATE increments and returns the value, so two requests or two service instances
 * never get the same number; run it inside the transaction that uses the number, and a
 * rollback gives the number back.
 */
@Injectable()
export class NumberRangeService {
  async next(manager: EntityManager, name: string): Promise<number> {
    const driver = manager.connection.driver;
    const sql =
      driver.options.type === 'mssql'
        ? 'UPDATE "Nummernkreis" SET "LetzteNr" = "LetzteNr" + 1 OUTPUT INSERTED."LetzteNr" WHERE "Name" = :name'
        : 'UPDATE "Nummernkreis" SET "LetzteNr" = "LetzteNr" + 1 WHERE "Name" = :name RETURNING "LetzteNr"';
    const [query, params] = driver.escapeQueryWithParameters(sql, { name }, {});
    const rows = await withRunner(manager, async (runner) => {
      const result = await runner.query(query, params, true);
      return (result.records ?? []) as Array<{ LetzteNr: number | string }>;
    });
    if (rows.length !== 1) throw new Error(`Number range ${name} does not exist (table Nummernkreis).`);
    return Number(rows[0].LetzteNr);
  }
}

/** The manager's own runner inside a transaction; a short-lived one outside. */
async function withRunner<T>(manager: EntityManager, work: (runner: QueryRunner) => Promise<T>): Promise<T> {
  if (manager.queryRunner) return work(manager.queryRunner);
  const runner = manager.connection.createQueryRunner();
  try {
    return await work(runner);
  } finally {
    await runner.release();
  }
}
