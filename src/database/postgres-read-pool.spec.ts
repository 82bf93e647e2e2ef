import { PRICES_SQL } from '../pricing/adapters/price-sql';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { types } from 'pg';
import { numbered, parseTimestamp } from './postgres-read-pool';

describe('PostgresReadPool statements', () => {
  it('article key lists become an unnested array, other lists stay IN lists; placeholders are numbered', () => {
    const [text, values] = numbered({
      sql: PRICES_SQL,
      params: { listNrs: [2, 7], artNrs: ['1000', "O'Brien"] },
    });
    expect(text.replace(/\s+/g, ' ').trim()).toBe(
      'SELECT "PreisListNr", "ArtNr", "VPEinheit", "AbAnzahl", "BisAnzahl", "PreisList", "GeaendertAm" ' +
        'FROM "Preis" WHERE "PreisListNr" IN ($1, $2) AND "ArtNr" IN (SELECT unnest(ARRAY[$3, $4]))',
    );
    expect(values).toEqual([2, 7, '1000', "O'Brien"]);
  });

  describe('parseTimestamp', () => {
    const library = types.getTypeParser(1114, 'text');
    const same = (text: string) => {
      const ours = parseTimestamp(text);
      const theirs = library(text) as unknown;
      expect([text, ours instanceof Date ? ours.getTime() : ours]).toEqual([
        text,
        theirs instanceof Date ? theirs.getTime() : theirs,
      ]);
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
      )
      .map(
        ([y, mo, d, h, mi, s, fraction]) =>
          `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)} ${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}${fraction}`,
      );

    const fixed = [
      '2026-03-29 02:30:00',
      '2026-10-25 02:30:00.5',
      '2026-11-26 18:41:15.123456',
      '2026-11-26 18:41:15.1',
      '2026-11-26 18:41:15.',
      '2026-11-26 18:41:15.12a',
      '0099-01-01 00:00:00',
      '0999-12-31 23:59:59',
      '2026-01-01 00:00:00 BC',
      '2026-01-01 00:00:00+02',
      '12026-01-01 00:00:00',
      '2026-01-01',
      'infinity',
      '-infinity',
      '2026-01-01T00:00:00',
      '2026/01/01 00:00:00',
    ];

    it('reads every timestamp as node-postgres does', () => {
      fc.assert(
        fc.property(timestamps, (text) => same(text)),
        { numRuns: 3000 },
      );
      for (const text of fixed) same(text);
    });

    // Both read local time; jest's process.env is a copy, so other zones need a process of their own.
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
           const library = types.getTypeParser(1114, 'text');
           const time = (v) => (v instanceof Date ? v.getTime() : v);
           const texts = JSON.parse(require('fs').readFileSync(0, 'utf8'));
           console.log(JSON.stringify({
             offset: new Date(2026, 0, 1).getTimezoneOffset(),
             pairs: texts.map((t) => [t, time(parseTimestamp(t)), time(library(t))]),
           }));`,
        ],
        { input: JSON.stringify(texts), env: { ...process.env, TZ: zone }, encoding: 'utf8' },
      );
      expect(child.stderr).toBe('');
      const { offset, pairs } = JSON.parse(child.stdout) as { offset: number; pairs: unknown[][] };
      expect(offset).toBe(januaryOffset);
      for (const [text, ours, theirs] of pairs) expect([text, ours]).toEqual([text, theirs]);
    });
  });
});
