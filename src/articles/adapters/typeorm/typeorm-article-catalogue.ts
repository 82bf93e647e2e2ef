import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { readTimestamp, timestampParam } from '@app/erp-db';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../common/config/app-config';
import { queryPrepared } from '../../../database/prepared-statements';
import {
  ArticleCatalogue,
  ArticleFilter,
  ArticleKey,
  ArticleRow,
  ArticleSort,
  AttributeRow,
  PackagingRow,
  ChangeStamp,
  RequestReferenceData,
  StockMovementRow,
} from '../../ports/article-catalogue';
import {
  articleRowFromValues,
  CHANGED_SINCE_SQL,
  Dialect,
  fromWhere,
  inKeyOrder,
  orderedKeysSql,
  rowsByKeys,
  needsTax,
  needsText,
  orderBy,
  rowColumns,
  window,
} from './article-sql';
import { streamRows } from './row-stream';
import { ATTRIBUTES_SQL, PACKAGING_SQL, STOCK_SQL } from '../article-detail-sql';

/** Rows per batch of a streamed query. */
const STREAM_BATCH = 500;
/**
 * Rows per slice of an ordering snapshot's rebuild (SQLite reads it on the event loop, yielding
 * between slices): ~1 ms each on 100k articles, so pages served meanwhile wait at most that long.
 */
const SNAPSHOT_SLICE = 250;
/** SQL Server accepts at most 2100 parameters per statement. */
const MAX_KEYS_PER_QUERY = 1000;

/** The tables whose GeaendertAm modifiedsince covers; each has an index led by GeaendertAm. */
const CHANGE_TABLES = ['Artikel', 'Preis', 'Lagerbestand', 'Reservierung', 'ArtikelVPE'];

const REFERENCE_SQL = `
SELECT (SELECT MIN(f."Leitwaehrung") FROM "Firma" f) AS "leadingCurrency",
  (SELECT COUNT(*) FROM "Waehrung" w WHERE w."WaehrAbk" = :waehrAbk) AS "currencyCount",
  (SELECT MIN(d."DebiNr") FROM "Debitor" d WHERE d."DebiNr" = :debiNr) AS "debiNr",
  (SELECT MIN(k."AdrSprache") FROM "Debitor" d2 JOIN "Adressen" k ON k."AdrNr" = d2."KundKontakt"
    WHERE d2."DebiNr" = :debiNr) AS "language",
  ${CHANGE_TABLES.map((t, i) => `(SELECT MAX(c${i}."GeaendertAm") FROM "${t}" c${i}) AS "changed${i}"`).join(',\n  ')}`;

type RawArticleRow = Omit<ArticleRow, 'GeaendertAm'> & { GeaendertAm: unknown };

function toArticleRow(r: RawArticleRow): ArticleRow {
  return { ...r, GeaendertAm: readTimestamp(r.GeaendertAm) as Date };
}

function changeStamp(latest: (Date | null)[]): ChangeStamp {
  const times = latest.map((d) => (d === null ? -1 : d.getTime()));
  const newest = Math.max(...times);
  return { key: times.join('|'), latest: newest < 0 ? null : new Date(newest) };
}

@Injectable()
export class TypeOrmArticleCatalogue extends ArticleCatalogue {
  private readonly dialect: Dialect;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {
    super();
    const type = dataSource.options.type;
    this.dialect = type === 'postgres' ? 'postgres' : type === 'mssql' ? 'mssql' : 'sqlite';
  }

  private bind(sql: string, params: Record<string, unknown>): [string, unknown[]] {
    return this.dataSource.driver.escapeQueryWithParameters(sql, params, {});
  }

  private run<T>(sql: string, params: Record<string, unknown>): Promise<T[]> {
    const [query, values] = this.bind(sql, params);
    return this.dataSource.query(query, values);
  }

  private async byKeys<T>(sql: string, artNrs: string[]): Promise<T[]> {
    if (artNrs.length === 0) return [];
    if (artNrs.length <= MAX_KEYS_PER_QUERY) return this.run<T>(sql, { artNrs });
    const rows: T[] = [];
    for (let i = 0; i < artNrs.length; i += MAX_KEYS_PER_QUERY)
      rows.push(...(await this.run<T>(sql, { artNrs: artNrs.slice(i, i + MAX_KEYS_PER_QUERY) })));
    return rows;
  }

  async referenceData(waehrAbk: string | null, debiNr: string | null): Promise<RequestReferenceData> {
    // Every list request runs it: prepared (and on SQLite run at once when no write is open).
    const [query, values] = this.bind(REFERENCE_SQL, { waehrAbk: waehrAbk ?? '', debiNr: debiNr ?? '' });
    const [row] = await queryPrepared<Record<string, unknown>>(this.dataSource, query, values);
    return {
      leadingCurrency: row.leadingCurrency as string,
      currencyKnown: waehrAbk === null || Number(row.currencyCount) > 0,
      customer:
        debiNr !== null && row.debiNr
          ? { DebiNr: row.debiNr as string, language: row.language as string | null }
          : null,
      changes: changeStamp(CHANGE_TABLES.map((_, i) => readTimestamp(row[`changed${i}`]))),
    };
  }

  async changedArticles(since: Date): Promise<string[]> {
    const rows = await this.run<{ ArtNr: string }>(CHANGED_SINCE_SQL, { since: timestampParam(since) });
    return rows.map((r) => r.ArtNr);
  }

  async *orderedNumbers(filter: ArticleFilter, sorts: ArticleSort[]): AsyncIterable<string[]> {
    const from = fromWhere(
      filter,
      this.config.attributeWebshop,
      needsText(sorts),
      needsTax(sorts),
      inKeyOrder(sorts),
    );
    const [sql, params] = this.bind(
      `SELECT a."ArtNr" AS "ArtNr" ${from.sql}${orderBy(sorts, filter.language)}`,
      from.params,
    );
    for await (const batch of streamRows(this.dataSource, sql, params, SNAPSHOT_SLICE))
      yield batch.map((v) => v[0] as string);
  }

  async *orderedRows(
    filter: ArticleFilter,
    sorts: ArticleSort[],
    offset: number,
    limit: number | null,
  ): AsyncIterable<ArticleRow[]> {
    const from = fromWhere(filter, this.config.attributeWebshop, true, true, inKeyOrder(sorts));
    const [sql, params] = this.bind(
      `SELECT ${rowColumns(filter.language)} ${from.sql}${orderBy(sorts, filter.language)}` +
        window(this.dialect, offset, limit),
      from.params,
    );
    for await (const batch of streamRows(this.dataSource, sql, params, STREAM_BATCH))
      yield batch.map(articleRowFromValues);
  }

  async *orderedKeys(
    filter: ArticleFilter,
    sorts: ArticleSort[],
    offset: number,
    limit: number | null,
  ): AsyncIterable<ArticleKey[]> {
    const keyed = orderedKeysSql(filter, this.config.attributeWebshop, sorts);
    const [sql, params] = this.bind(keyed.sql + window(this.dialect, offset, limit), keyed.params);
    for await (const batch of streamRows(this.dataSource, sql, params, STREAM_BATCH))
      yield batch.map((v) => ({ artNr: v[v.length - 1] as string, keys: v.slice(0, -1) }));
  }

  async rowsByNumbers(artNrs: string[], filter: ArticleFilter): Promise<ArticleRow[]> {
    if (artNrs.length === 0) return [];
    const { sql, params } = rowsByKeys(filter, this.config.attributeWebshop);
    const rows: RawArticleRow[] = [];
    for (let i = 0; i < artNrs.length; i += MAX_KEYS_PER_QUERY)
      rows.push(
        ...(await this.run<RawArticleRow>(sql, {
          ...params,
          artNrs: artNrs.slice(i, i + MAX_KEYS_PER_QUERY),
        })),
      );
    return rows.map(toArticleRow);
  }

  async count(filter: ArticleFilter): Promise<number> {
    const from = fromWhere(filter, this.config.attributeWebshop, false, false);
    const [row] = await this.run<{ n: number | string }>(`SELECT COUNT(*) AS "n" ${from.sql}`, from.params);
    return Number(row.n);
  }

  async attributes(artNrs: string[]): Promise<AttributeRow[]> {
    return this.byKeys<AttributeRow>(ATTRIBUTES_SQL, artNrs);
  }

  async stockMovements(artNrs: string[]): Promise<StockMovementRow[]> {
    return this.byKeys<StockMovementRow>(STOCK_SQL, artNrs);
  }

  async packaging(artNrs: string[]): Promise<PackagingRow[]> {
    return this.byKeys<PackagingRow>(PACKAGING_SQL, artNrs);
  }
}
