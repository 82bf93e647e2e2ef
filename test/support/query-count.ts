import { TestApp } from './test-app';

/** The number of queries the service sends through its DataSource while `fn` runs. */
export async function countQueries(t: TestApp, fn: () => Promise<unknown>): Promise<number> {
  const original = t.dataSource.query.bind(t.dataSource);
  let calls = 0;
  t.dataSource.query = ((...args: Parameters<typeof original>) => {
    calls++;
    return original(...args);
  }) as typeof t.dataSource.query;
  try {
    await fn();
  } finally {
    t.dataSource.query = original;
  }
  return calls;
}
