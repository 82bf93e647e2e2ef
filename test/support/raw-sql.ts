import { TestApp } from './test-app';

/**
 * Plain SQL against the test database, for asserting what was (not) written: `p(i)` is the i-th
 * placeholder of the dialect, `q` runs a statement, `count` counts a table's rows. `app` is read
 * at each call (suites create their app in beforeAll).
 */
export function rawSql(app: () => TestApp) {
  const p = (i: number): string => {
    const type = app().dataSource.options.type;
    return type === 'postgres' ? `$${i}` : type === 'mssql' ? `@${i - 1}` : '?';
  };
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> =>
    app().dataSource.query(sql, params);
  const count = async (table: string): Promise<number> =>
    Number((await q<{ n: number | string }>(`SELECT COUNT(*) AS n FROM "${table}"`))[0].n);
  return { p, q, count };
}
