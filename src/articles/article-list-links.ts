import { Link, link } from '../common/http/public-url';

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
  const to = (offset: number, rel: string) => link(baseUrl, `${path}?${withOffset(rawQuery, offset)}`, rel);
  const links: Link[] = [];
  if (page.limit > 0 && page.offset + page.limit < page.count)
    links.push(to(page.offset + page.limit, 'next'));
  if (page.offset > 0) links.push(to(page.limit > 0 ? Math.max(0, page.offset - page.limit) : 0, 'prev'));
  links.push(to(0, 'start'));
  return links;
}
