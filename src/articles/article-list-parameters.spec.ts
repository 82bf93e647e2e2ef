import {
  ARTICLE_FIELDS,
  DEFAULT_SORTS,
  parseFields,
  parseModifiedSince,
  parseSorts,
} from './article-list-parameters';
import { listLinks, withOffset } from './article-list-links';

describe('article list parameters', () => {
  it('fields: absent = all; names are case-sensitive and checked against the record', () => {
    expect([...(parseFields(undefined) as { value: Set<string> }).value]).toEqual([...ARTICLE_FIELDS]);
    expect(parseFields('ArtNr, ArtBez')).toEqual({ ok: true, value: new Set(['ArtNr', 'ArtBez']) });
    expect(parseFields('artnr').ok).toBe(false);
    expect(parseFields('').ok).toBe(false);
    expect(parseFields('ArtNr;DROP TABLE x').ok).toBe(false);
  });

  it('sorts: +/- prefixes, a blank for an unencoded +, no sign = ascending, duplicates once', () => {
    expect(parseSorts(undefined)).toEqual({ ok: true, value: DEFAULT_SORTS });
    expect(parseSorts('-ArtNr,+ArtBez, ArtGruppe,WUSTSatz,-ArtNr')).toEqual({
      ok: true,
      value: [
        { column: 'ArtNr', descending: true },
        { column: 'ArtBez', descending: false },
        { column: 'ArtGruppe', descending: false },
        { column: 'WUSTSatz', descending: false },
      ],
    });
    expect(parseSorts('-GeaendertAmUTC')).toEqual({
      ok: true,
      value: [{ column: 'GeaendertAm', descending: true }],
    });
    expect(parseSorts('+WaehrAbk')).toEqual({ ok: true, value: DEFAULT_SORTS });
    for (const bad of ['Preis', '+Bestand', 'ArtNr DESC', '--ArtNr', '', 'ArtNr,', '1=1'])
      expect(parseSorts(bad).ok).toBe(false);
  });

  it('modifiedsince: ISO 8601 date or date-time with offset', () => {
    const at = (raw: string) => {
      const p = parseModifiedSince(raw);
      return p.ok ? p.value?.toISOString() : 'invalid';
    };
    expect(at('2026-01-05T08:00:00Z')).toBe('2026-01-05T08:00:00.000Z');
    expect(at('2026-01-05T09:00:00+01:00')).toBe('2026-01-05T08:00:00.000Z');
    expect(at('2026-01-05T09:00:00 01:00')).toBe('2026-01-05T08:00:00.000Z');
    expect(at('2026-01-05T03:30-0430')).toBe('2026-01-05T08:00:00.000Z');
    expect(at('2026-01-05T08:00:00.123456Z')).toBe('2026-01-05T08:00:00.123Z');
    expect(at('2026-01-05')).toBe('2026-01-05T00:00:00.000Z');
    for (const bad of [
      '2026-01-05T08:00:00',
      '2026-02-30',
      '2026-13-01T00:00:00Z',
      'now',
      '2026-01-05T24:00:00Z',
    ])
      expect(at(bad)).toBe('invalid');
    expect(parseModifiedSince(undefined)).toEqual({ ok: true, value: null });
  });

  it('links keep every other parameter as sent and set offset', () => {
    expect(withOffset('limit=10&sorts=%2BArtBez', 20)).toBe('limit=10&sorts=%2BArtBez&offset=20');
    expect(withOffset('offset=5&limit=10', 15)).toBe('offset=15&limit=10');
    expect(withOffset('', 0)).toBe('offset=0');
    const rels = (offset: number, limit: number, count: number) =>
      listLinks('https://x', '/www/artikel', 'limit=' + limit, { offset, limit, count }).map(
        (l) => `${l.rel}:${l.href.split('offset=')[1]}`,
      );
    expect(rels(0, 10, 25)).toEqual(['next:10', 'start:0']);
    expect(rels(10, 10, 25)).toEqual(['next:20', 'prev:0', 'start:0']);
    expect(rels(20, 10, 25)).toEqual(['prev:10', 'start:0']);
    expect(rels(5, 10, 25)).toEqual(['next:15', 'prev:0', 'start:0']);
    expect(rels(0, 10, 10)).toEqual(['start:0']);
    expect(rels(30, 0, 25)).toEqual(['prev:0', 'start:0']);
  });
});
