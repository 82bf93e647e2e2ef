import { DataSource } from 'typeorm';
import { AppConfig } from '../../../common/config/app-config';
import { MAX_KEYS_PER_STATEMENT } from '../../../database/in-lists';
import { KeyList, ReadStatement, BulkReader } from '../../../database/bulk-reader';
import { ArticleFilter } from '../../ports/article-catalogue';
import { orderedNumbersSql } from './article-sql';
import { SqlArticleCatalogue } from './sql-article-catalogue';

/**
 * Answers every statement from its keys: an article row, or one attribute per article (which,
 * where the statement asks, releases its article for the web shop unless it is `hidden`).
 */
class RecordingReader extends BulkReader {
  readonly statements: ReadStatement[] = [];
  counts = 0;

  constructor(
    private readonly hidden = new Set<string>(),
    private readonly total = 10_000,
  ) {
    super();
  }

  read(statements: ReadStatement[]): Promise<unknown[][][]> {
    if (statements[0].sql.startsWith('SELECT COUNT(*)')) {
      this.counts++;
      return Promise.resolve([[[this.total]]]);
    }
    this.statements.push(...statements);
    return Promise.resolve(
      statements.map((s) => {
        const keys = [
          ...new Set(
            (s.params.artNrs as string[] | undefined) ?? [s.params.first as string, s.params.last as string],
          ),
        ];
        return s.sql.startsWith("SELECT 'A'")
          ? keys.map((k) => [
              ...['A', k, 1, 'FARBE', `colour of ${k}`, null, null, null, null],
              ...(s.sql.includes('AS "R"') ? [this.hidden.has(k) ? 0 : 1] : []),
            ])
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

/** A list of these articles. */
const list = (artNrs: string[]) => ({ filter, sorts: [], numbers: artNrs });

function catalogue(reader: BulkReader): SqlArticleCatalogue {
  return new SqlArticleCatalogue({ options: { type: 'better-sqlite3' } } as DataSource, reader, {
    attributeWebshop: 'RESTWEBSHOP',
  } as AppConfig);
}

describe('SqlArticleCatalogue.articles', () => {
  const artNrs = Array.from({ length: 300 }, (_, i) => `A${(i * 7919) % 1000}`);

  it('reads the keys of a part in IN lists of at most MAX_KEYS_PER_STATEMENT, all in one round', async () => {
    const reader = new RecordingReader();
    const data = await catalogue(reader).articles(list(artNrs), 0, artNrs.length, needs);

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

  it('takes the web-shop test from the attribute rows it reads anyway, not from a look-up per article row', async () => {
    const reader = new RecordingReader(new Set(['A0', 'A12']));
    const data = await catalogue(reader).articles(list(artNrs), 0, artNrs.length, needs);

    // Rows of the three pieces, then their details.
    const [rows, , , details] = reader.statements;
    expect(rows.sql).not.toContain('"Attribut"');
    expect(details.params).toMatchObject({ webshopKey: 'RESTWEBSHOP', webshopPattern: '%,SHOP,%' });
    expect(data.rows.map((r) => r.ArtNr).sort()).toEqual(
      artNrs.filter((a) => a !== 'A0' && a !== 'A12').sort(),
    );
  });

  it('tests the web shop in the article rows when the record needs no attributes', async () => {
    const reader = new RecordingReader();
    await catalogue(reader).articles(list(artNrs), 0, artNrs.length, {
      attributes: false,
      stock: true,
      packaging: false,
    });
    expect(reader.statements[0].sql).toContain('"Attribut"');
    expect(reader.statements[0].params).toMatchObject({ webshopPattern: '%,SHOP,%' });
    expect(reader.statements[3].sql).not.toContain('AS "R"');
  });

  /** A part of the default order (active articles by description, German). */
  const byDescription = (artNrs: string[]) => ({
    filter,
    sorts: [{ column: 'ArtBez' as const, descending: false }],
    numbers: artNrs,
  });

  it('reads the rows of a part of the default order holding at least half of the catalogue as one range of the description index', async () => {
    const reader = new RecordingReader(new Set(), 400);
    await catalogue(reader).articles(byDescription(artNrs), 0, artNrs.length, needs);
    const [rows, ...others] = reader.statements;
    expect(rows.params).toMatchObject({ first: artNrs[0], last: artNrs[artNrs.length - 1] });
    expect(rows.sql).toContain('(a."ArtBez", a."ArtNr") >= ');
    // The details are still looked up by number: three pieces of at most MAX_KEYS_PER_STATEMENT.
    const details = others.filter((s) => s.sql.startsWith("SELECT 'A'"));
    expect(details.map((d) => (d.params.artNrs as string[]).length)).toEqual([128, 128, 64]);
  });

  it('counts the catalogue at start, not on a page; a count older than a minute is redone beside the page', async () => {
    const reader = new RecordingReader();
    const articles = catalogue(reader);
    await articles.onApplicationBootstrap();
    expect(reader.counts).toBe(1);
    await articles.articles(byDescription(artNrs), 0, 10, needs);
    expect(reader.counts).toBe(1);
    const later = Date.now() + 61_000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      await articles.articles(byDescription(artNrs), 0, 10, needs);
      await articles.articles(byDescription(artNrs), 10, 20, needs);
    } finally {
      jest.restoreAllMocks();
    }
    expect(reader.counts).toBe(2);
  });
});

describe('orderedNumbersSql', () => {
  const shop: ArticleFilter = { language: 'ger', webshop: 'SHOP', activeOnly: false, modifiedSince: null };
  const allReleases = 'CASE WHEN a."ArtNr" IN (SELECT w."ObjKey" FROM "Attribut" w';
  const ownAttributes =
    '(SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjTyp" = \'ART\' AND w."ObjKey" = a."ArtNr"';

  it('tests a whole list against the set of all articles released for the web shop', () => {
    const { sql } = orderedNumbersSql(shop, 'RESTWEBSHOP', []);
    expect(sql).toContain(allReleases);
    expect(sql).not.toContain(ownAttributes);
  });

  it.each([
    ['a single article', { ...shop, artNr: '1000' }],
    ['a delta list', { ...shop, modifiedSince: new Date('2026-01-01T00:00:00Z') }],
  ])('tests %s against its own attributes, not every release of the shop', (_, filter) => {
    const { sql } = orderedNumbersSql(filter, 'RESTWEBSHOP', []);
    expect(sql).toContain(ownAttributes);
    expect(sql).not.toContain(allReleases);
  });
});
