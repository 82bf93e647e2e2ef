import { PRICES_SQL } from '../pricing/adapters/price-sql';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { types } from 'pg';
import { numbered, parseTimestamp } from './postgres-read-pool';

describe('PostgresReadPool statements', () => {
  it('numbers the placeholders and expands every list, key lists included, as an IN list', () => {
    const [text, values] = numbered({
      sql: PRICES_SQL,
      params: { listNrs: [2, 7], artNrs: ['1000', "O'Brien"] },
    });
    expect(text.replace(/\s+/g, ' ').trim()).toBe(
      'SELECT "PreisListNr", "ArtNr", "VPEinheit", "AbAnzahl", "BisAnzahl", "PreisList", "GeaendertAm" ' +
        'FROM "Preis" WHERE "PreisListNr" IN ($1, $2) AND "ArtNr" IN ($3, $4)',
    );
    expect(values).toEqual([2, 7, '1000', "O'Brien"]);
  });

  describe('parseTimestamp', () => {
    /** [oid, text, ours, node-postgres'] with Dates as their times. */
    const compare = (oid: 1114 | 1184, text: string) => {
      const time = (v: unknown) => (v instanceof Date ? v.getTime() : v);
      return [oid, text, time(parseTimestamp(text, oid)), time(types.getTypeParser(oid, 'text')(text))];
    };
    const expectSame = (rows: unknown[][]) => {
      for (const [oid, text, ours, theirs] of rows) expect([oid, text, ours]).toEqual([oid, text, theirs]);
    };
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    const timestamps = fc
      .tuple(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        fc.stringMatching(/^(\.\d{1,7})?$/),
        fc.constantFrom('', '', '+00', '+00', '+01', '-03', '+05:30', 'Z', ' BC', '+00 BC'),
      )
      .map(
        ([y, mo, d, h, mi, s, fraction, zone]) =>
          `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)} ${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}${fraction}${zone}`,
      );
    const fixed = [
      '2026-03-29 02:30:00',
      '2026-10-25 02:30:00.5',
      '2026-11-26 18:41:15.123456',
      '2026-11-26 18:41:15.123456+00',
      '2026-11-26 18:41:15.1',
      '2026-11-26 18:41:15.',
      '2026-11-26 18:41:15.+00',
      '2026-11-26 18:41:15.12a',
      '2026-11-26 18:41:15.12a+00',
      '0099-01-01 00:00:00',
      '0099-01-01 00:00:00+00',
      '0999-12-31 23:59:59',
      '2026-01-01 00:00:00 BC',
      '2026-01-01 00:00:00+02',
      '12026-01-01 00:00:00',
      '12026-01-01 00:00:00+00',
      '2026-01-01',
      'infinity',
      '-infinity',
      '2026-01-01T00:00:00',
      '2026-01-01T00:00:00+00',
      '2026/01/01 00:00:00',
    ];
    const both = (text: string) => [compare(1114, text), compare(1184, text)];

    it('reads every timestamp and timestamptz as node-postgres does', () => {
      fc.assert(
        fc.property(timestamps, (text) => expectSame(both(text))),
        { numRuns: 3000 },
      );
      expectSame(fixed.flatMap(both));
    });

    // Timestamps are local time; jest's process.env is a copy, so other zones need a process of their own.
    it.each([
      ['Europe/Berlin', -60],
      ['America/Sao_Paulo', 180],
    ])('reads them as node-postgres does in time zone %s', (zone, januaryOffset) => {
      const texts = [...fixed, ...fc.sample(timestamps, 2000)];
      const child = spawnSync(
        process.execPath,
        [
          '-r',
          'ts-node/register/transpile-only',
          '-r',
          'tsconfig-paths/register',
          '-e',
          `const { types } = require('pg');
           const { parseTimestamp } = require(${JSON.stringify(require.resolve('./postgres-read-pool'))});
           const time = (v) => (v instanceof Date ? v.getTime() : v);
           const texts = JSON.parse(require('fs').readFileSync(0, 'utf8'));
           const compare = (oid, t) => [oid, t, time(parseTimestamp(t, oid)), time(types.getTypeParser(oid, 'text')(t))];
           console.log(JSON.stringify({
             offset: new Date(2026, 0, 1).getTimezoneOffset(),
             rows: texts.flatMap((t) => [compare(1114, t), compare(1184, t)]),
           }));`,
        ],
        { input: JSON.stringify(texts), env: { ...process.env, TZ: zone }, encoding: 'utf8' },
      );
      expect(child.stderr).toBe('');
      const { offset, rows } = JSON.parse(child.stdout) as { offset: number; rows: unknown[][] };
      expect(offset).toBe(januaryOffset);
      expect(rows).toHaveLength(texts.length * 2);
      expectSame(rows);
    });
  });
});
