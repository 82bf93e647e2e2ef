import { entityTag, matchHolds, noneMatchFails } from './conditional-requests';

describe('conditional requests (RFC 9110)', () => {
  it('If-None-Match: lists, weak tags and * (weak comparison)', () => {
    expect(noneMatchFails(undefined, '"a"')).toBe(false);
    expect(noneMatchFails('"b", W/"a"', '"a"')).toBe(true);
    expect(noneMatchFails('"b",W/"a" ', '"a"')).toBe(true);
    expect(noneMatchFails('*', '"a"')).toBe(true);
    expect(noneMatchFails('"ab"', '"a"')).toBe(false);
    expect(noneMatchFails('a', '"a"')).toBe(false);
  });

  it('If-Match: strong comparison, so a weak tag never matches; * matches', () => {
    expect(matchHolds(undefined, '"a"')).toBe(true);
    expect(matchHolds('"a"', '"a"')).toBe(true);
    expect(matchHolds('"x", "a"', '"a"')).toBe(true);
    expect(matchHolds('W/"a"', '"a"')).toBe(false);
    expect(matchHolds('*', '"a"')).toBe(true);
    expect(matchHolds('"b"', '"a"')).toBe(false);
    expect(matchHolds('a', '"a"')).toBe(false);
    expect(matchHolds('"a,b"', '"a,b"')).toBe(true);
  });

  it('the tag follows the bytes, the charset and the version', () => {
    const tag = entityTag('{"data":1}', 'iso-8859-1', '1');
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(entityTag(Buffer.from('{"data":1}'), 'iso-8859-1', '1')).toBe(tag);
    expect(entityTag('{"data":2}', 'iso-8859-1', '1')).not.toBe(tag);
    expect(entityTag('{"data":1}', 'utf-8', '1')).not.toBe(tag);
    expect(entityTag('{"data":1}', 'iso-8859-1', '2')).not.toBe(tag);
  });
});
