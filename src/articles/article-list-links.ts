import { Link, link } from '../common/http/public-url';

/** A validated `fields` or `sorts` in its shortest form: blanks dropped, each name once, each sort with its sign. */
const CANONICAL = new Map<string, (value: string) => string>([
  ['fields', (value) => [...new Set(value.split(',').map((name) => name.trim()))].join(',')],
  [
    'sorts',
    (value) => {
      const seen = new Map<string, string>();
      for (const item of value.split(',')) {
        const [, sign, name] = /^([+-]?)(.*)$/.exec(item.trim()) ?? ['', '', ''];
        if (!seen.has(name)) seen.set(name, `${sign || '+'}${name}`);
      }
      return [...seen.values()].join(',');
    },
  ],
]);

/**
 * The query a list link repeats: the client's own, `fields` and `sorts` in their shortest form,
 * so that a link stays within the 2048 characters of its href however the client padded them.
 */
function linkQuery(rawQuery: string): string {
  if (rawQuery === '') return rawQuery;
  return rawQuery
    .split('&')
    .map((part) => {
      const at = part.indexOf('=');
      const canonical = at === -1 ? undefined : CANONICAL.get(part.slice(0, at));
      if (canonical === undefined) return part;
      let value: string;
      try {
        value = decodeURIComponent(part.slice(at + 1).replace(/\+/g, ' '));
      } catch {
        return part;
      }
      return `${part.slice(0, at)}=${encodeURIComponent(canonical(value)).replace(/%2C/g, ',')}`;
    })
    .join('&');
}

/** The request's query string with `offset` set, every other parameter exactly as the client sent it. */
export function withOffset(rawQuery: string, offset: number): string {
  const parts = rawQuery === '' ? [] : rawQuery.split('&');
  const isOffset = (p: string) => p.split('=')[0] === 'offset';
  const at = parts.findIndex(isOffset);
  const rest = parts.filter((p) => !isOffset(p));
  rest.splice(at === -1 ? rest.length : at, 0, `offset=${offset}`);
  return rest.join('&');
}

/**
 * `next`, `prev` and `start` of a list page (D7: absolute hrefs). No `next` past the end, no
 * `prev` at offset 0; with limit 0 (everything) `prev` goes back to the start.
 */
export function listLinks(
  baseUrl: string,
  path: string,
  rawQuery: string,
  page: { offset: number; limit: number; count: number },
): Link[] {
  const query = linkQuery(rawQuery);
  const to = (offset: number, rel: string) => link(baseUrl, `${path}?${withOffset(query, offset)}`, rel);
  const links: Link[] = [];
  if (page.limit > 0 && page.offset + page.limit < page.count)
    links.push(to(page.offset + page.limit, 'next'));
  if (page.offset > 0) links.push(to(page.limit > 0 ? Math.max(0, page.offset - page.limit) : 0, 'prev'));
  links.push(to(0, 'start'));
  return links;
}
