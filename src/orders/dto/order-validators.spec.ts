import { ISO_DATE_TIME_PATTERN, parseIsoDateTime } from './order-validators';

describe('ISO 8601 request dates', () => {
  it.each([
    ['2026-03-01T10:15:00+01:00', '2026-03-01T09:15:00.000Z'],
    ['2026-03-01T10:15:00Z', '2026-03-01T10:15:00.000Z'],
    ['2026-03-01T10:15Z', '2026-03-01T10:15:00.000Z'],
    ['2026-03-01T10:15:00.5-0230', '2026-03-01T12:45:00.500Z'],
    ['2026-03-05', '2026-03-05T00:00:00.000Z'],
    ['0050-03-01T10:15:00Z', '0050-03-01T10:15:00.000Z'],
    ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
  ])('%s is %s', (input, utc) => {
    expect(parseIsoDateTime(input)?.toISOString()).toBe(utc);
  });

  it.each([
    '2026-02-30',
    '2026-13-01',
    '2026-01-01T24:00:00Z',
    '2026-03-01T10:15:00',
    'gestern',
    '2026-03-01T10:00:00+19:00',
    '0050-02-29',
  ])('refuses %s', (input) => {
    expect(parseIsoDateTime(input)).toBeNull();
  });

  // The document's pattern says what the parser reads: a client that follows it is not refused
  // (but for impossible calendar days, which no pattern can tell), nor one beyond 18 hours let in.
  it.each([
    ['2026-03-01T10:15:00+18:00', true],
    ['2026-03-01T10:15:00-1800', true],
    ['2026-03-01T10:15:00+17:59', true],
    ['2026-03-01T10:15:00+05', true],
    ['2026-03-01t10:15:00z', true],
    ['2026-03-01', true],
    ['2026-03-01T10:15:00+18:01', false],
    ['0235-12-18T03:20:48.650-18:49', false],
    ['2026-03-01T10:15:00+19:00', false],
    ['2026-03-01T10:15:00', false],
  ])('%s: pattern and parser agree (%s)', (input, valid) => {
    expect(new RegExp(ISO_DATE_TIME_PATTERN).test(input)).toBe(valid);
    expect(parseIsoDateTime(input) !== null).toBe(valid);
  });
});
