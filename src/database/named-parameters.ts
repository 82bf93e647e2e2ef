/** How positional parameters are written: `?` (SQLite, SQL Server drivers) or `$1, $2, …` (PostgreSQL). */
export type Placeholders = '?' | '$n';

const PARAMETER = /:(\.\.\.)?([A-Za-z_]\w*)/g;

/**
 * A statement text cut at its parameters: `pieces[i]` comes before parameter `i`. Cut once per
 * text; the texts with their lists expanded are kept per list lengths (an article page's statements
 * repeat a handful of shapes, and expanding their placeholders anew per statement made garbage).
 */
interface Template {
  pieces: string[];
  names: string[];
  spread: boolean[];
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
  template = { pieces: [], names: [], spread: [], texts: new Map() };
  let last = 0;
  for (const m of sql.matchAll(PARAMETER)) {
    template.pieces.push(sql.slice(last, m.index));
    template.spread.push(m[1] !== undefined);
    template.names.push(m[2]);
    last = m.index + m[0].length;
  }
  template.pieces.push(sql.slice(last));
  if (templates.size >= MAX_TEMPLATES) templates.clear();
  templates.set(sql, template);
  return template;
}

function expand(template: Template, lengths: number[], placeholders: Placeholders): string {
  let n = 0;
  const next = placeholders === '?' ? () => '?' : () => `$${++n}`;
  let text = template.pieces[0];
  template.names.forEach((_, i) => {
    const count = template.spread[i] ? lengths[i] : 1;
    const marks: string[] = [];
    for (let k = 0; k < count; k++) marks.push(next());
    text += marks.join(', ') + template.pieces[i + 1];
  });
  return text;
}

/**
 * A statement with TypeORM-style parameters (`:name`, `:...list`) as positional parameters and
 * their values, for connections TypeORM does not manage (the SQLite read threads, the PostgreSQL
 * read pool). Values are always bound, never written into the text; a name without a value
 * is an error.
 */
export function positionalParameters(
  sql: string,
  params: Record<string, unknown>,
  placeholders: Placeholders = '?',
): [string, unknown[]] {
  const template = templateOf(sql);
  const values: unknown[] = [];
  const lengths: number[] = [];
  template.names.forEach((name, i) => {
    if (!Object.prototype.hasOwnProperty.call(params, name)) throw new Error(`no value for :${name}`);
    const value = params[name];
    if (!template.spread[i]) {
      values.push(value);
      lengths.push(1);
      return;
    }
    if (!Array.isArray(value) || value.length === 0) throw new Error(`:...${name} needs a non-empty list`);
    for (const v of value as unknown[]) values.push(v);
    lengths.push(value.length);
  });
  const shape = `${placeholders}${lengths.join(',')}`;
  let text = template.texts.get(shape);
  if (text === undefined) {
    text = expand(template, lengths, placeholders);
    if (template.texts.size >= MAX_TEXTS) template.texts.clear();
    template.texts.set(shape, text);
  }
  return [text, values];
}
