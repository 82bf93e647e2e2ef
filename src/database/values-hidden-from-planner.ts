/**
 * A statement text for SQLite with every `?` parameter written `+?`: the same value, which
 * SQLite's query planner does not look into. better-sqlite3's SQLite is built with STAT4, and a
 * statement whose plan may depend on a bound value (one compared with an indexed column that
 * ANALYZE sampled) is prepared again on its first step after any value is bound to that
 * parameter (sqlite3_prepare_v2's documentation), which better-sqlite3 does on every run: every
 * page's key lists, every request's reference data. In a cold walk of a million articles that was
 * a fifth of the read threads' CPU, for the same plans; with `+?` a plan is made once, without the
 * values, as PostgreSQL's generic plans are. Quoted text, quoted names and comments are left as
 * they are.
 */
export function valuesHiddenFromPlanner(text: string): string {
  /** The last character of the next `close` from `at` (the end when there is none). */
  const through = (close: string, at: number): number => {
    const found = text.indexOf(close, at);
    return found < 0 ? text.length : found + close.length - 1;
  };
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`') i = through(c, i + 1);
    else if (c === '[') i = through(']', i + 1);
    else if (c === '-' && text[i + 1] === '-') i = through('\n', i + 2);
    else if (c === '/' && text[i + 1] === '*') i = through('*/', i + 2);
    else if (c === '?') {
      out += `${text.slice(from, i)}+`;
      from = i;
    }
  }
  return out + text.slice(from);
}
