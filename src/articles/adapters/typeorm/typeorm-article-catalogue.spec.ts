import { DataSource } from 'typeorm';
import { AppConfig } from '../../../common/config/app-config';
import { MAX_KEYS_PER_STATEMENT } from '../../../database/in-list-bucket';
import { KeyList, ReadStatement, SqlReader } from '../../../database/sql-reader';
import { ArticleFilter } from '../../ports/article-catalogue';
import { TypeOrmArticleCatalogue } from './typeorm-article-catalogue';

/** Answers every statement from its keys: an article row, or one attribute per article. */
class RecordingReader extends SqlReader {
  readonly statements: ReadStatement[] = [];

  read(statements: ReadStatement[]): Promise<unknown[][][]> {
    this.statements.push(...statements);
    return Promise.resolve(
      statements.map((s) => {
        const keys = [...new Set(s.params.artNrs as string[])];
        return s.sql.startsWith("SELECT 'A'")
          ? keys.map((k) => ['A', k, 1, 'FARBE', `colour of ${k}`, null, null, null, null])
          : keys.map((k) => [
              k,
              'J',
              `Article ${k}`,
              1,
              'Stk',
              null,
              19,
              '2026-01-01',
              null,
              'N',
              null,
              null,
              null,
            ]);
      }),
    );
  }

  keys(): Promise<KeyList> {
    throw new Error('not used');
  }
}

const filter: ArticleFilter = { language: 'ger', webshop: 'SHOP', activeOnly: true, modifiedSince: null };
const needs = { attributes: true, stock: false, packaging: false };

function catalogue(reader: SqlReader): TypeOrmArticleCatalogue {
  return new TypeOrmArticleCatalogue({} as DataSource, reader, {
    attributeWebshop: 'RESTWEBSHOP',
  } as AppConfig);
}

describe('TypeOrmArticleCatalogue.articles', () => {
  const artNrs = Array.from({ length: 300 }, (_, i) => `A${(i * 7919) % 1000}`);

  it('reads keys that are not a run in IN lists of at most MAX_KEYS_PER_STATEMENT, all in one round', async () => {
    const reader = new RecordingReader();
    const data = await catalogue(reader).articles({ artNrs, consecutive: false }, filter, needs);

    const lists = reader.statements.map((s) => s.params.artNrs as string[]);
    expect(lists.every((keys) => keys.length <= MAX_KEYS_PER_STATEMENT)).toBe(true);
    // Rows and details of each piece: 300 keys are 3 pieces, 2 statements each.
    expect(reader.statements).toHaveLength(6);
    expect(new Set(lists.flat())).toEqual(new Set(artNrs));
    expect(data.rows.map((r) => r.ArtNr).sort()).toEqual([...artNrs].sort());
    // Every attribute belongs to its article: the details are not mixed up with the rows.
    expect(data.attributes).toHaveLength(300);
    for (const a of data.attributes) expect(a.Contents).toBe(`colour of ${a.ArtNr}`);
  });

  it('reads a run of the catalogue as one range, however long', async () => {
    const reader = new RecordingReader();
    const run = Array.from({ length: 500 }, (_, i) => `A${String(i).padStart(4, '0')}`);
    await catalogue(reader).articles({ artNrs: run, consecutive: true }, filter, needs);
    expect(reader.statements.map((s) => [s.params.first, s.params.last, s.params.artNrs])).toEqual([
      ['A0000', 'A0499', undefined],
      ['A0000', 'A0499', undefined],
    ]);
  });
});
