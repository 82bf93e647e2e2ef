/** How positional parameters are written: `?` (SQLite, SQL Server drivers) or `$1, $2, …` (PostgreSQL). */
type Placeholders = '?' | '$n';

/**
 * A statement with TypeORM-style parameters (`:name`, `:...list`) as positional parameters and
 * their values, for statements sent without TypeORM's query runner (the SQLite read threads,
 * the PostgreSQL reader). Values are always bound, never written into the text; a name without a
 * value is an error.
 */
export function positionalParameters(
  sql: string,
  params: Record<string, unknown>,
  placeholders: Placeholders = '?',
): [string, unknown[]] {
  const values: unknown[] = [];
  const mark = (value: unknown): string => {
    values.push(value);
    return placeholders === '?' ? '?' : `$${values.length}`;
  };
  const text = sql.replace(/:(\.\.\.)?([A-Za-z_]\w*)/g, (_, list: string | undefined, name: string) => {
    if (!Object.hasOwn(params, name)) throw new Error(`no value for :${name}`);
    const value = params[name];
    if (list === undefined) return mark(value);
    if (!Array.isArray(value) || value.length === 0) throw new Error(`:...${name} needs a non-empty list`);
    return value.map(mark).join(', ');
  });
  return [text, values];
}
