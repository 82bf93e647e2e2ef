import { Logger } from '@nestjs/common';
import { ApiUsersRepository, StoredApiUser } from '../auth/ports/api-users.repository';
import { AppConfig } from '../common/config/app-config';
import { KeyList } from '../database/sql-reader';
import { PriceDetermination } from '../pricing/ports/price-determination';
import { ArticleOrderSnapshots } from './article-order-snapshots';
import { ArticleRecordCache } from './article-record-cache';
import { ArticlesService } from './articles.service';
import { ARTICLE_FIELDS, DEFAULT_SORTS } from './article-fields';
import {
  ArticleCatalogue,
  ArticleFilter,
  ArticleRow,
  ArticleSelection,
  RequestReferenceData,
} from './ports/article-catalogue';

const config = {
  articleSnapshotSeconds: 60,
  articleCacheSeconds: 60,
  articleCacheMb: 16,
  attributePackaging: 'WEBSHOPVPE',
  responseCharset: 'iso-8859-1',
} as AppConfig;

const reference: RequestReferenceData = {
  leadingCurrency: 'EUR',
  currencyKnown: true,
  customer: null,
  changes: { key: '1', latest: new Date('2026-11-27T10:00:00Z') },
  articlesStamp: '1',
};

const row = (ArtNr: string): ArticleRow => ({
  ArtNr,
  AnLager: 'J',
  ArtBez: `Artikel ${ArtNr}`,
  ArtikelStatus: 1,
  Einheit: 'Stk',
  Farbe: null,
  WUSTSatz: 19,
  GeaendertAm: new Date('2026-11-01T08:00:00Z'),
  ArtGruppe: null,
  HatVPE: 'N',
  ArtKlasse: null,
  BeschaffungsArt: null,
  VerarbeitungsArt: null,
});

/** Article numbers A0000 … of a list of `n`. */
const numbers = (n: number) => Array.from({ length: n }, (_, i) => `A${String(i).padStart(4, '0')}`);

function setup(users: Partial<StoredApiUser>[], failReads = false) {
  const orderings: (string | null)[] = [];
  const reads: { artNrs: string[]; webshop: string | null }[] = [];
  const catalogue = {
    referenceData: async () => reference,
    changedArticles: async () => [],
    async orderedNumbers(filter: ArticleFilter) {
      orderings.push(filter.webshop);
      return KeyList.of(numbers(filter.webshop === null ? 250 : 120));
    },
    async articles(selection: ArticleSelection, filter: ArticleFilter) {
      if (failReads) throw new Error('database gone');
      reads.push({ artNrs: selection.artNrs, webshop: filter.webshop });
      return { rows: selection.artNrs.map(row), attributes: [], stock: [], packaging: [] };
    },
    total: async () => 250,
  } as unknown as ArticleCatalogue;
  const pricing = {
    priceLists: async (context: { debiNr: string | null; waehrAbk: string }) => ({
      context,
      lists: [],
      key: 'none',
    }),
    determinePrices: async () => new Map(),
  } as unknown as PriceDetermination;
  const repository = { list: async () => users } as unknown as ApiUsersRepository;
  const snapshots = new ArticleOrderSnapshots(catalogue, config, repository);
  const cache = new ArticleRecordCache(config);
  const service = new ArticlesService(catalogue, pricing, snapshots, cache, config);
  // As Nest runs the hooks of one module: at the same time.
  const bootstrap = () => Promise.all([snapshots.onApplicationBootstrap(), service.onApplicationBootstrap()]);
  return { bootstrap, orderings, reads, service };
}

describe('ArticlesService at start-up', () => {
  beforeEach(() => jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('reads the first page of every prebuilt ordering once, and stores none of it', async () => {
    const s = setup([
      { name: 'admin', webshop: null, disabled: false },
      { name: 'demo', webshop: 'SHOP', disabled: false },
      { name: 'old', webshop: 'GONE', disabled: true },
    ]);
    await s.bootstrap();
    expect(s.orderings).toEqual([null, 'SHOP']);
    expect(s.reads).toEqual([
      { artNrs: numbers(100), webshop: null },
      { artNrs: numbers(100), webshop: 'SHOP' },
    ]);
    // The first request reads its page itself (start-up guessed no record context to store
    // under); the next one finds it in the record cache.
    const ctx = await s.service.context({
      user: { webshop: 'SHOP' },
      fields: new Set(ARTICLE_FIELDS),
      sorts: DEFAULT_SORTS,
      modifiedSince: null,
      baseUrl: 'http://localhost',
    });
    const first = await s.service.page(ctx, 0, 100);
    expect(first.data).toHaveLength(100);
    expect(s.reads.slice(2)).toEqual([{ artNrs: numbers(100), webshop: 'SHOP' }]);
    expect(await s.service.page(ctx, 0, 100)).toEqual(first);
    expect(s.reads).toHaveLength(3);
  });

  it('reads nothing when no ordering is prebuilt', async () => {
    const s = setup([{ name: 'old', webshop: 'GONE', disabled: true }]);
    await s.bootstrap();
    expect(s.orderings).toEqual([]);
    expect(s.reads).toEqual([]);
  });

  it('a failing read is logged and does not stop the start', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const s = setup([{ name: 'demo', webshop: 'SHOP', disabled: false }], true);
    await s.bootstrap();
    expect(warn).toHaveBeenCalledWith(
      'reading the first article pages at start-up failed: Error: database gone',
    );
  });
});
