import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable';

const coded = (code: string, extra: Record<string, unknown> = {}): Error =>
  Object.assign(new Error('failed'), { code, ...extra });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['PostgreSQL terminated by the administrator', coded('57P01', { severity: 'FATAL' })],
    ['PostgreSQL starting up', coded('57P03')],
    ['PostgreSQL connection failure', coded('08006')],
    ['a database refusing connections', coded('55000', { severity: 'FATAL' })],
    ['a refused socket', coded('ECONNREFUSED')],
    ['a reset socket', coded('ECONNRESET')],
    ['SQLite locked past the busy timeout', coded('SQLITE_BUSY')],
    ['SQLite read-only', coded('SQLITE_READONLY_DBMOVED')],
    ['SQLite full', coded('SQLITE_FULL')],
    ['a pg connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['SQL Server', Object.assign(new Error('Failed to connect'), { name: 'ConnectionError' })],
    ['a wrapped driver error', new QueryFailedError('SELECT 1', [], coded('57P01'))],
  ])('%s: yes', (_what, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a unique violation', new QueryFailedError('INSERT', [], coded('23505', { severity: 'ERROR' }))],
    ['a SQLite constraint', coded('SQLITE_CONSTRAINT_UNIQUE')],
    ['a syntax error', coded('42601', { severity: 'ERROR' })],
    ['a plain error', new Error('boom')],
    ['no error at all', undefined],
  ])('%s: no', (_what, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
