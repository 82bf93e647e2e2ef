import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { directQueries } from '../../src/database/sql-gateway';
import { TestApp } from './test-app';

/**
 * The number of queries the service sends while `fn` runs: through its DataSource, and the ones
 * it runs directly (prepared on PostgreSQL, at once on SQLite; see `directQueries`).
 */
export async function countQueries(t: TestApp, fn: () => Promise<unknown>): Promise<number> {
  const original = t.dataSource.query.bind(t.dataSource);
  let calls = 0;
  t.dataSource.query = ((...args: Parameters<typeof original>) => {
    calls++;
    return original(...args);
  }) as typeof t.dataSource.query;
  const direct = (): void => {
    calls++;
  };
  subscribe(directQueries.name, direct);
  try {
    await fn();
  } finally {
    t.dataSource.query = original;
    unsubscribe(directQueries.name, direct);
  }
  return calls;
}
