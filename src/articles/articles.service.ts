import { Injectable } from '@nestjs/common';
import { AuthUser, userWebshop } from '../auth/auth-user';
import { AppConfig } from '../common/config/app-config';
import { ApiError } from '../common/errors/api-error';
import { joinEncodedJson } from '../common/http/json-bytes';
import { PriceDetermination, PriceListSequence } from '../pricing/ports/price-determination';
import { ArticleField } from './article-list-parameters';
import { ArticleLanguages } from './article-languages';
import { ArticleOrderSnapshots } from './article-order-snapshots';
import { ArticleRecordCache } from './article-record-cache';
import { detailNeeds, RecordContext, renderRecords, RenderedRecord } from './article.mapper';
import {
  ArticleCatalogue,
  ArticleFilter,
  ArticleOrdering,
  ArticleSort,
  MAIN_LANGUAGE,
} from './ports/article-catalogue';

/** Pages up to this size are cut from the ordering snapshot; larger ones and limit=0 are streamed. */
export const MAX_PAGE_FROM_SNAPSHOT = 1000;

/** Articles per batch of a streamed list. */
const STREAM_BATCH = 500;
/** Batches of a stream read ahead while one is written: a second one costs memory and gains no time. */
const STREAM_AHEAD = 1;

export interface ArticleRequest {
  /** The web shop decides what it sees; the id, whose budget of new orderings it spends. */
  user: Pick<AuthUser, 'id' | 'webshop'>;
  waehrabk?: string;
  debinr?: string;
  adrsprache?: string;
  fields: Set<ArticleField>;
  sorts: ArticleSort[];
  modifiedSince: Date | null;
  baseUrl: string;
}

/** A request resolved against the database: who sees what, in which language and currency. */
interface ArticleListContext {
  filter: ArticleFilter;
  sorts: ArticleSort[];
  record: RecordContext;
  prices: PriceListSequence;
  /** Equal keys render an article to equal JSON (fields, language, currency, price lists, base URL). */
  recordKey: string;
  /** The record cache's generation this request may store under. */
  generation: number;
  /** The articles' change stamp the request read (orderings are rebuilt when it moves). */
  articlesStamp: string;
  /** The user whose budget a new ordering is taken from. */
  userId: number;
}

/** A piece of a list's `data` array: `count` records joined by commas, in the response charset. */
export interface EncodedRecords {
  count: number;
  bytes: Uint8Array;
}

/** debinr names no customer, or one outside the user's web shop (D12: the same answer). */
export function unknownCustomer(debinr: string): ApiError {
  return ApiError.unprocessable(`Customer ${debinr} does not exist.`, [
    { field: 'debinr', message: `no customer with DebiNr ${debinr}` },
  ]);
}

@Injectable()
export class ArticlesService {
  constructor(
    private readonly catalogue: ArticleCatalogue,
    private readonly pricing: PriceDetermination,
    private readonly snapshots: ArticleOrderSnapshots,
    private readonly cache: ArticleRecordCache,
    private readonly languages: ArticleLanguages,
    private readonly config: AppConfig,
  ) {}

  /**
   * Checks currency and customer and settles the language: the customer's contact-address
   * language, else `adrsprache`, else ger; a language without article texts is ger (its records
   * would be ger's). Unknown currency or customer: 422 (as for orders and customers).
   */
  async context(req: ArticleRequest): Promise<ArticleListContext> {
    const waehrAbk = req.waehrabk?.toUpperCase() ?? null;
    const ref = await this.catalogue.referenceData(waehrAbk, req.debinr ?? null);
    if (!ref.currencyKnown)
      throw ApiError.unprocessable(`Unknown currency ${waehrAbk}.`, [
        { field: 'waehrabk', message: `waehrabk ${waehrAbk} is not a currency of the system` },
      ]);
    if (req.debinr !== undefined && ref.customer === null) throw unknownCustomer(req.debinr);
    const asked =
      ref.customer?.language?.trim().toLowerCase() || req.adrsprache?.toLowerCase() || MAIN_LANGUAGE;
    const currency = waehrAbk ?? ref.leadingCurrency;
    const [prices, generation, language] = await Promise.all([
      this.pricing.priceLists({ debiNr: ref.customer?.DebiNr ?? null, waehrAbk: currency }),
      this.cache.sync(ref.changes, (since) => this.catalogue.changedArticles(since)),
      this.languages.outputLanguage(asked),
    ]);
    const fields = [...req.fields].sort();
    return {
      filter: {
        language,
        webshop: userWebshop(req.user.webshop),
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
      articlesStamp: ref.articlesStamp,
      userId: req.user.id,
    };
  }

  /** The user's budget of new article orderings (ARTICLE_ORDERINGS_PER_MINUTE), for RateLimit. */
  orderingBudget(userId: number): ReturnType<ArticleOrderSnapshots['budget']> {
    return this.snapshots.budget(userId);
  }

  /**
   * One page cut from the ordering snapshot, as the JSON of its records in the response charset,
   * and the number of all matching articles.
   */
  async page(
    ctx: ArticleListContext,
    offset: number,
    limit: number,
  ): Promise<{ data: Uint8Array[]; count: number }> {
    const ordering = await this.snapshots.ordering(ctx.filter, ctx.sorts, ctx.articlesStamp, ctx.userId);
    const data = await this.json(ordering, offset, offset + limit, ctx, true);
    return { data, count: ordering.numbers.length };
  }

  /**
   * One article's record, its JSON in the response charset; 404 when it does not exist or the
   * user's web shop may not see it.
   */
  async one(ctx: ArticleListContext, artNr: string): Promise<Uint8Array> {
    const filter = { ...ctx.filter, activeOnly: false, artNr };
    const [found] = await this.records({ filter, sorts: [], numbers: [artNr] }, 0, 1, ctx);
    if (found === undefined)
      throw ApiError.notFound(
        ctx.filter.modifiedSince
          ? `Article ${artNr} does not exist, is not released for you or has not changed since then.`
          : `Article ${artNr} does not exist or is not released for you.`,
      );
    return found.bytes;
  }

  /**
   * A list in its current order (never a stale snapshot: `ArticleOrderSnapshots.current`) from
   * `offset` (`limit` null = all): its length (the `count`) and its records in batches encoded in
   * the response charset, never the whole list at once; cached records are reused, the others
   * rendered but not stored (a stream's memory must not grow with the catalogue).
   */
  async stream(
    ctx: ArticleListContext,
    offset: number,
    limit: number | null,
  ): Promise<{ count: number; batches: AsyncGenerator<EncodedRecords> }> {
    const ordering = await this.snapshots.current(ctx.filter, ctx.sorts, ctx.articlesStamp, ctx.userId);
    const { numbers } = ordering;
    const end = limit === null ? numbers.length : Math.min(numbers.length, offset + limit);
    const batch = async (from: number): Promise<EncodedRecords> => {
      const json = await this.json(ordering, from, Math.min(end, from + STREAM_BATCH), ctx, false);
      return { count: json.length, bytes: joinEncodedJson(json) };
    };
    async function* batches(): AsyncGenerator<EncodedRecords> {
      const ahead: Promise<EncodedRecords>[] = [];
      for (let from = offset; from < end; from += STREAM_BATCH) {
        const next = batch(from);
        next.catch(() => undefined);
        ahead.push(next);
        if (ahead.length > STREAM_AHEAD) yield await (ahead.shift() as Promise<EncodedRecords>);
      }
      for (const next of ahead) yield await next;
    }
    return { count: numbers.length, batches: batches() };
  }

  /**
   * The JSON of the records from `from` to `to` of an ordering, in the response charset, from the
   * record cache where it has them; the others are read in one round trip and, when `store`,
   * offered to the cache.
   */
  private async json(
    ordering: ArticleOrdering,
    from: number,
    to: number,
    ctx: ArticleListContext,
    store: boolean,
  ): Promise<Uint8Array[]> {
    const artNrs = ordering.numbers.slice(from, to);
    const cached = this.cache.lookup(ctx.recordKey, artNrs);
    const first = cached.indexOf(undefined);
    if (first < 0) return cached as Uint8Array[];
    // The articles from the first missing one to the last, read as one part of the ordering.
    const last = cached.lastIndexOf(undefined);
    const rendered = await this.records(ordering, from + first, from + last + 1, ctx);
    if (store) this.cache.store(ctx.generation, ctx.recordKey, rendered);
    const fresh = new Map(rendered.map((r) => [r.artNr, r.bytes]));
    return artNrs.flatMap((artNr, i) => cached[i] ?? fresh.get(artNr) ?? []);
  }

  /** The records of the articles from `from` to `to` of an ordering that pass its filter, in its order. */
  private async records(
    ordering: ArticleOrdering,
    from: number,
    to: number,
    ctx: ArticleListContext,
  ): Promise<RenderedRecord[]> {
    const needs = detailNeeds(ctx.record);
    const artNrs = ordering.numbers.slice(from, to);
    const [data, prices] = await Promise.all([
      this.catalogue.articles(ordering, from, to, needs),
      needs.prices ? this.pricing.determinePrices(artNrs, ctx.prices) : Promise.resolve(new Map()),
    ]);
    return renderRecords(artNrs, data, prices, ctx.record, this.config.responseCharset);
  }
}
