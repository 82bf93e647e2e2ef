/** How positional parameters are written: `?` (SQLite, SQL Server drivers) or `$1, $2, …` (PostgreSQL). */
export type Placeholders = '?' | '$n';

/**
 * A statement text cut at its parameters: `sql.split` gives the text before each parameter, then
 * its `...` (lists) and its name, and the text after the last one. Cut once per text; the texts
 * with their lists expanded are kept per list lengths (an article page's statements repeat a
 * handful of shapes, and expanding their placeholders anew per statement made garbage).
 */
interface Template {
  parts: string[];
  texts: Map<string, string>;
}

/** Texts cut and kept; beyond, the cache starts over (the list's texts are a few dozen). */
const MAX_TEMPLATES = 256;
/** Expanded texts per template (one per IN-list size class). */
const MAX_TEXTS = 32;

const templates = new Map<string, Template>();

function templateOf(sql: string): Template {
  let template = templates.get(sql);
  if (template !== undefined) return template;
  template = { parts: sql.split(/:(\.\.\.)?([A-Za-z_]\w*)/), texts: new Map() };
  if (templates.size >= MAX_TEMPLATES) templates.clear();
  templates.set(sql, template);
  return template;
}

function expand(parts: string[], lengths: number[], placeholders: Placeholders): string {
  let n = 0;
  const mark = placeholders === '?' ? () => '?' : () => `$${++n}`;
  let text = parts[0];
  for (let i = 0; i < lengths.length; i++)
    text += Array.from({ length: lengths[i] }, mark).join(', ') + parts[3 * i + 3];
  return text;
}

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
  const template = templateOf(sql);
  const values: unknown[] = [];
  const lengths: number[] = [];
  for (let i = 1; i < template.parts.length; i += 3) {
    const name = template.parts[i + 1];
    if (!Object.prototype.hasOwnProperty.call(params, name)) throw new Error(`no value for :${name}`);
    const value = params[name];
    if (template.parts[i] === undefined) {
      values.push(value);
      lengths.push(1);
    } else if (!Array.isArray(value) || value.length === 0) {
      throw new Error(`:...${name} needs a non-empty list`);
    } else {
      for (const v of value as unknown[]) values.push(v);
      lengths.push(value.length);
    }
  }
  const shape = `${placeholders}${lengths.join(',')}`;
  let text = template.texts.get(shape);
  if (text === undefined) {
    text = expand(template.parts, lengths, placeholders);
    if (template.texts.size >= MAX_TEXTS) template.texts.clear();
    template.texts.set(shape, text);
  }
  return [text, values];
}
