import { parseIsoDateTime } from './order-validators';

describe('ISO 8601 request dates', () => {
  it.each([
    ['2026-03-01T10:15:00+01:00', '2026-03-01T09:15:00.000Z'],
    ['2026-03-01T10:15:00Z', '2026-03-01T10:15:00.000Z'],
    ['2026-03-01T10:15Z', '2026-03-01T10:15:00.000Z'],
    ['2026-03-01T10:15:00.5-0230', '2026-03-01T12:45:00.500Z'],
    ['2026-03-05', '2026-03-05T00:00:00.000Z'],
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
  ])('refuses %s', (input) => {
    expect(parseIsoDateTime(input)).toBeNull();
  });
});
