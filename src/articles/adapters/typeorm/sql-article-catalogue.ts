import { SameTurnReads } from '../../../database/same-turn-reads';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DbType, dbTypeOf, readTimestamp } from '@app/erp-db';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../common/config/app-config';
import { inListBucket, inPieces, MAX_KEYS_PER_STATEMENT } from '../../../database/in-lists';
import { queryNamed, queryPreparedNamed } from '../../../database/sql-gateway';
import { KeyList, ReadStatement, BulkReader } from '../../../database/bulk-reader';
import {
  ArticleCatalogue,
  ArticleData,
  ArticleFilter,
  ArticleOrdering,
  ArticleRow,
  ArticleSort,
  ChangeStamp,
  DetailNeeds,
  RequestReferenceData,
} from '../../ports/article-catalogue';
import {
  articleRowFromValues,
  CHANGED_SINCE_SQL,
  orderedNumbersSql,
  readsByDescription,
  rowsByDescriptionRun,
  rowsByKeys,
} from './article-sql';
import { webshopParams } from '../../../scope/web-shop-release';
import { detailsSql, splitDetails } from './article-detail-sql';

/** The tables whose GeaendertAm modifiedsince covers; each has an index led by GeaendertAm. */
const CHANGE_TABLES = ['Artikel', 'Preis', 'Lagerbestand', 'Reservierung', 'ArtikelVPE'];

const REFERENCE_SQL = `
SELECT (SELECT MIN(f."Leitwaehrung") FROM "Firma" f) AS "leadingCurrency",
  (SELECT COUNT(*) FROM "Waehrung" w WHERE w."WaehrAbk" = :waehrAbk) AS "currencyCount",
  (SELECT MIN(d."DebiNr") FROM "Debitor" d WHERE d."DebiNr" = :debiNr) AS "debiNr",
  (SELECT MIN(k."AdrSprache") FROM "Debitor" d2 JOIN "Adressen" k ON k."AdrNr" = d2."KundKontakt"
    WHERE d2."DebiNr" = :debiNr) AS "language",
  ${CHANGE_TABLES.map((t, i) => `(SELECT MAX(c${i}."GeaendertAm") FROM "${t}" c${i}) AS "changed${i}"`).join(',\n  ')}`;

/** The languages of the article texts: a walk of the index led by AdrSprache. */
const TEXT_LANGUAGES_SQL = 'SELECT DISTINCT t."AdrSprache" FROM "ArtikelText" t';

const ENABLED_USERS_WEBSHOPS_SQL =
  'SELECT u."webshop" AS "webshop" FROM "rest_user" u WHERE u."disabled" = 0';

/**
 * How long the number of all articles is reused. It only decides how pages are read (as ranges
 * or article by article), never what they hold, so it may be older than an ordering.
 */
const TOTAL_MS = 60_000;

function changeStamp(latest: (Date | null)[]): ChangeStamp {
  const times = latest.map((d) => (d === null ? -1 : d.getTime()));
  const newest = Math.max(...times);
  return { key: times.join('|'), latest: newest < 0 ? null : new Date(newest) };
}

@Injectable()
export class SqlArticleCatalogue extends ArticleCatalogue implements OnApplicationBootstrap {
  private readonly references = new SameTurnReads<RequestReferenceData>();

  /** The number of all articles and when it was counted; a count under way. */
  private total: { value: number; at: number } | null = null;
  private counting: Promise<number> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reader: BulkReader,
    private readonly config: AppConfig,
  ) {
    super();
  }

  /** SQL Server compares no row values: `rowsByDescriptionRun` spells its bounds out there. */
  private get dialect(): DbType {
    return dbTypeOf(this.dataSource.options.type);
  }

  /** Every list request runs it: prepared. */
  referenceData(waehrAbk: string | null, debiNr: string | null): Promise<RequestReferenceData> {
    // Every list request runs it: once for the requests of one event-loop turn.
    return this.references.read(JSON.stringify([waehrAbk, debiNr]), () =>
      this.readReferenceData(waehrAbk, debiNr),
    );
  }

  private async readReferenceData(
    waehrAbk: string | null,
    debiNr: string | null,
  ): Promise<RequestReferenceData> {
    const [row] = await queryPreparedNamed<Record<string, unknown>>(this.dataSource, REFERENCE_SQL, {
      waehrAbk: waehrAbk ?? '',
      debiNr: debiNr ?? '',
    });
    return {
      leadingCurrency: row.leadingCurrency as string,
      currencyKnown: waehrAbk === null || Number(row.currencyCount) > 0,
      customer:
        debiNr !== null && row.debiNr
          ? { DebiNr: row.debiNr as string, language: row.language as string | null }
          : null,
      changes: changeStamp(CHANGE_TABLES.map((_, i) => readTimestamp(row[`changed${i}`]))),
      articlesStamp: String(readTimestamp(row.changed0)?.getTime() ?? -1),
    };
  }

  async textLanguages(): Promise<string[]> {
    const [rows] = await this.reader.read([{ sql: TEXT_LANGUAGES_SQL, params: {} }]);
    return rows
      .map(([language]) =>
        String(language ?? '')
          .trim()
          .toLowerCase(),
      )
      .filter((l) => l !== '');
  }

  async usersWebshops(): Promise<(string | null)[]> {
    const users = await queryNamed<{ webshop: string | null }>(
      this.dataSource,
      ENABLED_USERS_WEBSHOPS_SQL,
      {},
    );
    return users.map((u) => u.webshop);
  }

  async changedArticles(since: Date): Promise<string[]> {
    const rows = await queryNamed<{ ArtNr: string }>(this.dataSource, CHANGED_SINCE_SQL, {
      since,
    });
    return rows.map((r) => r.ArtNr);
  }

  orderedNumbers(filter: ArticleFilter, sorts: ArticleSort[]): Promise<KeyList> {
    return this.reader.keys(orderedNumbersSql(filter, this.config.attributeWebshop, sorts));
  }

  /** Counts the articles before the first request, so that no page waits for it. */
  async onApplicationBootstrap(): Promise<void> {
    await this.articleTotal().catch(() => undefined);
  }

  /**
   * How many articles there are, active or not, whatever their web shops: counted once, then
   * again in the background when older than TOTAL_MS (a page meanwhile goes by the old number;
   * counting a million articles takes long enough to show in a page's time).
   */
  private articleTotal(): Promise<number> {
    if (this.total !== null && Date.now() - this.total.at < TOTAL_MS)
      return Promise.resolve(this.total.value);
    this.counting ??= this.reader
      .read([{ sql: 'SELECT COUNT(*) FROM "Artikel"', params: {} }])
      .then(([[[n]]]) => (this.total = { value: Number(n), at: Date.now() }).value)
      .finally(() => (this.counting = null));
    if (this.total === null) return this.counting;
    this.counting.catch(() => undefined);
    return Promise.resolve(this.total.value);
  }

  /**
   * Whether a part of this ordering is read as one range of the description index: the default
   * order (`readsByDescription`) of a list holding at least half of the catalogue, so that the
   * range leaves out few articles and is cheaper than a lookup per article.
   */
  private async byDescription(ordering: ArticleOrdering, artNrs: string[]): Promise<boolean> {
    if (artNrs.length < 2 || !readsByDescription(ordering.filter, ordering.sorts)) return false;
    return ordering.numbers.length * 2 >= (await this.articleTotal());
  }

  async articles(
    ordering: ArticleOrdering,
    from: number,
    to: number,
    needs: DetailNeeds,
  ): Promise<ArticleData> {
    const { filter } = ordering;
    const artNrs = ordering.numbers.slice(from, to);
    if (artNrs.length === 0) return { rows: [], attributes: [], stock: [], packaging: [] };
    const byDescription = await this.byDescription(ordering, artNrs);
    const keySets = inPieces(artNrs, MAX_KEYS_PER_STATEMENT).map((keys) => ({ artNrs: inListBucket(keys) }));
    // When the records need the attributes anyway, the web-shop test rides on them: each attribute
    // row says whether it releases its article, and the article rows need no look-up of their own
    // in the attributes (a second index descent per article, most of the rows statement's cost).
    const shopInDetails = needs.attributes ? filter.webshop : null;
    const webshopInDetails = shopInDetails !== null;
    const rowFilter = webshopInDetails ? { ...filter, webshop: null } : filter;
    const rows = byDescription
      ? rowsByDescriptionRun(rowFilter, this.config.attributeWebshop, this.dialect)
      : rowsByKeys(rowFilter, this.config.attributeWebshop);
    const rowKeys: Record<string, unknown>[] = byDescription
      ? [{ first: artNrs[0], last: artNrs[artNrs.length - 1] }]
      : keySets;
    const statements: ReadStatement[] = rowKeys.map((keys) => ({
      sql: rows.sql,
      params: { ...rows.params, ...keys },
    }));
    const details = detailsSql(needs, webshopInDetails);
    const webshop = webshopInDetails ? webshopParams(this.config.attributeWebshop, shopInDetails) : {};
    if (details !== null)
      statements.push(...keySets.map((keys) => ({ sql: details, params: { ...keys, ...webshop } })));
    const results = await this.reader.read(statements);
    let found = results.slice(0, rowKeys.length).flat().map(articleRowFromValues);
    if (byDescription) {
      // The range also holds articles that are not asked for (other web shops), and misses those
      // whose description moved them since the ordering was cut: these are looked up by number.
      const asked = new Set(artNrs);
      found = found.filter((r) => asked.has(r.ArtNr));
      const have = new Set(found.map((r) => r.ArtNr));
      const missing = artNrs.filter((artNr) => !have.has(artNr));
      if (missing.length > 0) found.push(...(await this.rowsByNumbers(missing, rowFilter)));
    }
    const { attributes, stock, packaging, released } = splitDetails(results.slice(rowKeys.length).flat());
    return {
      rows: webshopInDetails ? found.filter((r) => released.has(r.ArtNr)) : found,
      attributes,
      stock,
      packaging,
    };
  }

  /** Rows of these articles that pass the filter, looked up by number (IN lists of MAX_KEYS_PER_STATEMENT at most). */
  async rowsByNumbers(artNrs: string[], filter: ArticleFilter): Promise<ArticleRow[]> {
    const { sql, params } = rowsByKeys(filter, this.config.attributeWebshop);
    const statements = inPieces(artNrs, MAX_KEYS_PER_STATEMENT).map((keys) => ({
      sql,
      params: { ...params, artNrs: inListBucket(keys) },
    }));
    return (await this.reader.read(statements)).flat().map(articleRowFromValues);
  }
}
