import { Pool } from 'tarn';
import { erpDataSourceOptions } from './data-source-options';

describe('erpDataSourceOptions on SQL Server', () => {
  const onError = (): void => undefined;
  const options = erpDataSourceOptions({
    type: 'mssql',
    path: '',
    url: 'mssql://u:p@localhost:1433/erp',
    onConnectionError: onError,
  }) as { pool: { max: number; errorHandler?: unknown } };

  it("gives TypeORM the handler it attaches to the pool's 'error' event", () => {
    expect(options.pool.errorHandler).toBe(onError);
    expect(options.pool.max).toBe(20);
  });

  it('hands the mssql pool settings tarn accepts (mssql copies them into its tarn pool)', async () => {
    // As mssql's ConnectionPool builds its pool: Object.assign({ create, destroy, … }, config.pool).
    const pool = new Pool(
      Object.assign({ create: () => Promise.resolve({}), destroy: () => undefined, min: 0 }, options.pool),
    );
    const connection = await pool.acquire().promise;
    expect(connection).toEqual({});
    pool.release(connection);
    await pool.destroy();
  });
});
