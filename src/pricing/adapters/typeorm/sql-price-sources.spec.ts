import { DataSource } from 'typeorm';
import { MAX_KEYS_PER_STATEMENT } from '../../../database/in-lists';
import { KeyList, ReadStatement, BulkReader } from '../../../database/bulk-reader';
import { SqlPriceSources } from './sql-price-sources';

/** Answers every price statement with one price per list and article it names. */
class RecordingReader extends BulkReader {
  readonly statements: ReadStatement[] = [];

  read(statements: ReadStatement[]): Promise<unknown[][][]> {
    this.statements.push(...statements);
    return Promise.resolve(
      statements.map((s) =>
        [...new Set(s.params.artNrs as string[])].flatMap((artNr) =>
          (s.params.listNrs as number[]).map((list) => [list, artNr, 'Stk', 1, null, 9.5, '2026-01-01']),
        ),
      ),
    );
  }

  keys(): Promise<KeyList> {
    throw new Error('not used');
  }
}

describe('SqlPriceSources.prices', () => {
  it('looks up articles in IN lists of at most MAX_KEYS_PER_STATEMENT, all in one round', async () => {
    const reader = new RecordingReader();
    const artNrs = Array.from({ length: 300 }, (_, i) => `A${(i * 7919) % 1000}`);
    const prices = await new SqlPriceSources({} as DataSource, reader).prices([2, 7], artNrs);

    const lists = reader.statements.map((s) => s.params.artNrs as string[]);
    expect(lists.map((keys) => keys.length)).toEqual([128, 128, 64]);
    expect(lists.every((keys) => keys.length <= MAX_KEYS_PER_STATEMENT)).toBe(true);
    expect(new Set(lists.flat())).toEqual(new Set(artNrs));
    expect(prices).toHaveLength(600);
  });
});
