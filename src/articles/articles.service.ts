import { Injectable } from '@nestjs/common';
import { AuthUser } from '../auth/auth-user';
import { AppConfig } from '../common/config/app-config';
import { ApiError } from '../common/errors/api-error';
import { PriceDetermination } from '../pricing/ports/price-determination';
import { ArticleField } from './article-fields';
import { ArticleOrderSnapshots } from './article-order-snapshots';
import { ArticleRecordCache } from './article-record-cache';
import { ArticleRecord } from './article.mapper';
import { InProcessRecordRenderer } from './in-process-record-renderer';
import { ArticleCatalogue, ArticleFilter, ArticleRow, ArticleSort } from './ports/article-catalogue';
import {
  ArticleRecordRenderer,
  EncodedRecords,
  encodeRecords,
  RenderContext,
} from './ports/article-record-renderer';

/** The description language when neither the customer nor the request names one. */
export const DEFAULT_LANGUAGE = 'ger';

/** Pages up to this size are cut from the ordering snapshot; larger ones and limit=0 are streamed. */
export const MAX_PAGE_FROM_SNAPSHOT = 1000;

export interface ArticleRequest {
  user: AuthUser;
  waehrabk?: string;
  debinr?: string;
  adrsprache?: string;
  fields: Set<ArticleField>;
  sorts: ArticleSort[];
  modifiedSince: Date | null;
  baseUrl: string;
}

/** A request resolved against the database: who sees what, in which language and currency. */
export interface ArticleListContext extends RenderContext {
  filter: ArticleFilter;
  sorts: ArticleSort[];
  /** Equal keys render an article to equal JSON (fields, language, currency, price lists, base URL). */
  recordKey: string;
  /** The record cache's generation this request may store under. */
  generation: number;
}

@Injectable()
export class ArticlesService {
  constructor(
    private readonly catalogue: ArticleCatalogue,
    private readonly pricing: PriceDetermination,
    private readonly snapshots: ArticleOrderSnapshots,
    private readonly cache: ArticleRecordCache,
    private readonly renderer: ArticleRecordRenderer,
    private readonly inProcess: InProcessRecordRenderer,
    private readonly config: AppConfig,
  ) {}

  /**
   * Checks currency and customer and settles the language: the customer's contact-address
   * language, else `adrsprache`, else ger. Unknown currency: 400; unknown customer: 422.
   */
  async context(req: ArticleRequest): Promise<ArticleListContext> {
    const waehrAbk = req.waehrabk?.toUpperCase() ?? null;
    const ref = await this.catalogue.referenceData(waehrAbk, req.debinr ?? null);
    if (!ref.currencyKnown)
      throw ApiError.badRequest(`Unknown currency ${waehrAbk}.`, [
        { field: 'waehrabk', message: `waehrabk ${waehrAbk} is not a currency of the system` },
      ]);
    if (req.debinr !== undefined && ref.customer === null)
      throw ApiError.unprocessable(`Customer ${req.debinr} does not exist.`, [
        { field: 'debinr', message: `no customer with DebiNr ${req.debinr}` },
      ]);
    const language =
      ref.customer?.language?.trim().toLowerCase() || req.adrsprache?.toLowerCase() || DEFAULT_LANGUAGE;
    const currency = waehrAbk ?? ref.leadingCurrency;
    const [prices, generation] = await Promise.all([
      this.pricing.priceLists({ debiNr: ref.customer?.DebiNr ?? null, waehrAbk: currency }),
      this.cache.sync(ref.changes, (since) => this.catalogue.changedArticles(since)),
    ]);
    const fields = [...req.fields].sort();
    return {
      filter: {
        language,
        webshop: req.user.webshop?.trim() || null,
        // A delta sync must also learn about articles that were switched off.
        activeOnly: req.modifiedSince === null,
        modifiedSince: req.modifiedSince,
      },
      sorts: req.sorts,
      prices,
      record: {
        fields: req.fields,
        baseUrl: req.baseUrl,
        waehrAbk: currency,
        packagingKey: this.config.attributePackaging,
      },
      // Only the links field names the base URL (which follows the Host and proxy headers).
      recordKey: JSON.stringify([fields, language, prices.key, req.fields.has('links') ? req.baseUrl : '']),
      generation,
    };
  }

  /**
   * One page cut from the ordering snapshot, as the JSON of its records, and the number of all
   * matching articles. Records come from the record cache; the rest are read (and checked
   * against the filter once more, the snapshot may be seconds old) in one batch.
   */
  async page(
    ctx: ArticleListContext,
    offset: number,
    limit: number,
  ): Promise<{ data: string[]; count: number }> {
    const numbers = await this.snapshots.numbers(ctx.filter, ctx.sorts);
    const slice = numbers.slice(offset, offset + limit);
    const cached = this.cache.lookup(ctx.recordKey, slice);
    const missing = slice.filter((_, i) => cached[i] === undefined);
    const fresh = new Map<string, string>();
    if (missing.length > 0)
      for (const r of await this.render(await this.catalogue.rowsByNumbers(missing, ctx.filter), ctx))
        fresh.set(r.artNr, r.json);
    const data: string[] = [];
    slice.forEach((artNr, i) => {
      const json = cached[i] ?? fresh.get(artNr);
      if (json !== undefined) data.push(json);
    });
    return { data, count: numbers.length };
  }

  /** One article; 404 when it does not exist or the user's web shop may not see it. */
  async one(ctx: ArticleListContext, artNr: string): Promise<ArticleRecord> {
    const filter = { ...ctx.filter, activeOnly: false, artNr };
    const rows = await this.catalogue.rowsByNumbers([artNr], filter);
    if (rows.length === 0)
      throw ApiError.notFound(
        ctx.filter.modifiedSince
          ? `Article ${artNr} does not exist, is not released for you or has not changed since then.`
          : `Article ${artNr} does not exist or is not released for you.`,
      );
    const [record] = await this.inProcess.records(rows, ctx);
    return record;
  }

  /**
   * The records in list order from `offset` (`limit` null = all) in batches encoded in the
   * response charset, never the whole list at once; cached records are reused, the others
   * rendered but not stored (a stream's memory must not grow with the catalogue).
   */
  async *batches(
    ctx: ArticleListContext,
    offset: number,
    limit: number | null,
  ): AsyncGenerator<EncodedRecords> {
    // Batches ahead: a database server, or the render workers, work on the next batches while
    // this one is written out.
    const ahead: Promise<EncodedRecords>[] = [];
    const depth = Math.max(1, this.renderer.parallelism);
    for await (const batch of this.startBatches(ctx, offset, limit)) {
      const next = batch();
      next.catch(() => undefined);
      ahead.push(next);
      if (ahead.length > depth) yield await (ahead.shift() as Promise<EncodedRecords>);
    }
    for (const next of ahead) yield await next;
  }

  /**
   * The batches of a stream, to be started in order. When the renderer reads runs of the list
   * itself (SQLite render threads) and the record cache knows nothing of the context, only the
   * order keys are read here; otherwise the rows, and cached records are reused.
   */
  private async *startBatches(
    ctx: ArticleListContext,
    offset: number,
    limit: number | null,
  ): AsyncGenerator<() => Promise<EncodedRecords>> {
    const { filter, sorts } = ctx;
    const charset = this.config.responseCharset;
    if (!this.cache.holds(ctx.recordKey) && this.renderer.readsKeyedRuns(sorts, filter.language)) {
      for await (const run of this.catalogue.orderedKeys(filter, sorts, offset, limit))
        yield () => this.renderer.renderKeyed(run, filter, sorts, ctx, charset);
      return;
    }
    for await (const rows of this.catalogue.orderedRows(filter, sorts, offset, limit))
      yield async () => encodeRecords(await this.renderRows(rows, ctx), charset);
  }

  /** `count` of a streamed list, asking the database only when the stream cannot tell. */
  async streamedCount(
    ctx: ArticleListContext,
    offset: number,
    limit: number | null,
    sent: number,
  ): Promise<number> {
    const reachedEnd = limit === null || sent < limit;
    if (reachedEnd && (sent > 0 || offset === 0)) return offset + sent;
    return this.catalogue.count(ctx.filter);
  }

  /** The JSON of these rows' records in their order, from the cache where it has them. */
  private async renderRows(rows: ArticleRow[], ctx: ArticleListContext): Promise<string[]> {
    const cached = this.cache.lookup(
      ctx.recordKey,
      rows.map((r) => r.ArtNr),
    );
    const missing = rows.filter((_, i) => cached[i] === undefined);
    if (missing.length === 0) return cached as string[];
    const fresh = await this.render(missing, ctx, false);
    let next = 0;
    return cached.map((json) => json ?? fresh[next++].json);
  }

  /** Renders records (JSON) and offers them to the cache when `store`. */
  private async render(
    rows: ArticleRow[],
    ctx: ArticleListContext,
    store = true,
  ): Promise<{ artNr: string; json: string }[]> {
    const json = await this.renderer.render(rows, ctx);
    const rendered = rows.map((row, i) => ({ artNr: row.ArtNr, json: json[i] }));
    if (store) this.cache.store(ctx.generation, ctx.recordKey, rendered);
    return rendered;
  }
}
