/**
 * A statement with TypeORM-style parameters (`:name`, `:...list`) as positional `?` parameters and
 * their values, for connections TypeORM does not manage (the SQLite read threads, the PostgreSQL
 * read pool). Values are always bound, never written into the text; a name without a value
 * is an error.
 */
export function positionalParameters(sql: string, params: Record<string, unknown>): [string, unknown[]] {
  const values: unknown[] = [];
  const text = sql.replace(/:(\.\.\.)?([A-Za-z_]\w*)/g, (_, spread: string | undefined, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(params, name)) throw new Error(`no value for :${name}`);
    const value = params[name];
    if (spread === undefined) {
      values.push(value);
      return '?';
    }
    if (!Array.isArray(value) || value.length === 0) throw new Error(`:...${name} needs a non-empty list`);
    values.push(...(value as unknown[]));
    return value.map(() => '?').join(', ');
  });
  return [text, values];
}
