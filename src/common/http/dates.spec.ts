import { isoUtc, legacyListDate } from './dates';

describe('response dates', () => {
  it('renders ISO 8601 UTC without fractions', () => {
    expect(isoUtc(new Date('2026-01-08T08:00:00.123Z'))).toBe('2026-01-08T08:00:00Z');
  });

  it('renders the legacy list form on a 12-hour clock', () => {
    expect(legacyListDate(new Date('2026-01-08T08:00:00.045Z'))).toBe('Jan 08 2026 08:00:00:045AM');
    expect(legacyListDate(new Date('2026-12-31T00:05:09.000Z'))).toBe('Dec 31 2026 12:05:09:000AM');
    expect(legacyListDate(new Date('2026-07-04T12:00:00.000Z'))).toBe('Jul 04 2026 12:00:00:000PM');
    expect(legacyListDate(new Date('2026-07-04T23:59:59.999Z'))).toBe('Jul 04 2026 11:59:59:999PM');
  });
});
