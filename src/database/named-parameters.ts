import type { DbType } from '@app/erp-db/dialect';

/** How a database's driver writes positional parameters. */
type Placeholders = '?' | '$n' | '@n';

const PLACEHOLDERS: Record<DbType, Placeholders> = { sqlite: '?', postgres: '$n', mssql: '@n' };

/** A TypeORM-style name (`:name`, `:...list`), or a PostgreSQL cast (`::int`), which stays as it is. */
const NAMED = /::?(\.\.\.)?([A-Za-z_]\w*)/g;

/**
 * The one binder of the service: a statement with TypeORM-style parameters (`:name`,
 * `:...list`) as the database's positional parameters and their values, for every statement
 * the SQL gateway, the bulk reader and its threads send. Values are always bound, never written
 * into the text; a name without a value is an error. `$n` and `@n` give a name that occurs twice
 * one parameter; SQLite's `?` binds each occurrence. For SQLite a Date is bound as the UTC text
 * TypeORM stores (`2026-03-01 10:00:00.123`) and a boolean as 0 or 1; the other drivers take them
 * as they are.
 */
export function positionalParameters(
  sql: string,
  params: Record<string, unknown>,
  db: DbType = 'sqlite',
): [string, unknown[]] {
  const placeholders = PLACEHOLDERS[db];
  const values: unknown[] = [];
  const named = new Map<string, string>();
  const mark = (value: unknown): string => {
    values.push(placeholders === '?' ? sqliteValue(value) : value);
    return placeholders === '?' ? '?' : placeholders === '$n' ? `$${values.length}` : `@${values.length - 1}`;
  };
  const text = sql.replace(NAMED, (match: string, list: string | undefined, name: string) => {
    if (match.startsWith('::')) return match;
    if (!Object.hasOwn(params, name)) throw new Error(`no value for :${name}`);
    const value = params[name];
    if (list !== undefined) {
      if (!Array.isArray(value) || value.length === 0) throw new Error(`:...${name} needs a non-empty list`);
      return value.map(mark).join(', ');
    }
    if (placeholders === '?') return mark(value);
    let placeholder = named.get(name);
    if (placeholder === undefined) named.set(name, (placeholder = mark(value)));
    return placeholder;
  });
  return [text, values];
}

function sqliteValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace('T', ' ').replace('Z', '');
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}
