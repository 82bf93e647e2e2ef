import { DataSourceUnitOfWork } from './batch-statements';
import { BatchResult, WriteBatch } from './unit-of-work';

/**
 * SQL Server: the batch's statements (BatchStatements.plan, the same as on SQLite) one after the
 * other in one transaction of a query runner; numbers drawn by UPDATE … OUTPUT, their range rows
 * locked until the commit.
 */
export class SqlServerUnitOfWork extends DataSourceUnitOfWork {
  async write(batch: WriteBatch): Promise<BatchResult> {
    const runner = this.dataSource.createQueryRunner('master');
    try {
      await runner.startTransaction();
      const plan = this.sql.plan(batch, 'output');
      let next = plan.next();
      while (!next.done) {
        const { sql, params } = next.value;
        const result = await runner.query(sql, params, true);
        next = plan.next({
          rows: (result.records ?? []) as Array<Record<string, unknown>>,
          changes: result.affected ?? 0,
        });
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
