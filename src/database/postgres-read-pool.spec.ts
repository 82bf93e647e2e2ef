import { PRICES_SQL } from '../pricing/adapters/price-sql';
import { numbered } from './postgres-read-pool';

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
});
