import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../auth/auth-user';
import { CurrentUser, ErpAuth } from '../auth/erp-auth.decorator';
import { AppConfig } from '../common/config/app-config';
import { ApiError } from '../common/errors/api-error';
import { EntityTagged } from '../common/http/conditional-requests';
import { encodeJson, joinEncodedJson, jsonContentType } from '../common/http/json-bytes';
import { publicBaseUrl } from '../common/http/public-url';
import { addRateLimit } from '../common/http/rate-limit-fields';
import { parseFields, parseModifiedSince, parseSorts } from './article-list-parameters';
import { listLinks } from './article-list-links';
import { ArticleNumberParameter, checkArticleNumber } from './article-number';
import { streamArticleList } from './article-list-stream';
import { CustomerScope } from '../scope/customer-scope';
import { ArticleRequest, ArticlesService, MAX_PAGE_FROM_SNAPSHOT, unknownCustomer } from './articles.service';
import { ArticleListQueryDto, ArticleQueryDto } from './dto/article-query.dto';
import { ArticleListDto, ArticleResponseDto } from './dto/article-response.dto';

const LIST_PATH = '/www/artikel';
/** The start of a list response, the same bytes in either charset. */
const LIST_HEAD = Buffer.from('{"data":[', 'latin1');
/** Around one article's record, the same bytes in either charset. */
const ONE_HEAD = Buffer.from('{"data":', 'latin1');
const ONE_TAIL = Buffer.from('}', 'latin1');

/** Values the DTO has validated already. */
function value<T>(parsed: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!parsed.ok) throw ApiError.badRequest(parsed.message);
  return parsed.value;
}

@ApiTags('artikel')
@Controller('www/artikel')
@ErpAuth()
export class ArticlesController {
  constructor(
    private readonly articles: ArticlesService,
    private readonly config: AppConfig,
    private readonly scope: CustomerScope,
  ) {}

  private async request(q: ArticleQueryDto, user: AuthUser, req: FastifyRequest): Promise<ArticleRequest> {
    // A customer of another web shop is answered as an unknown one (D12): its prices stay private.
    if (q.debinr !== undefined && !(await this.scope.customer(user, q.debinr)))
      throw unknownCustomer(q.debinr);
    return {
      user,
      waehrabk: q.waehrabk,
      debinr: q.debinr,
      adrsprache: q.adrsprache,
      fields: value(parseFields(q.fields)),
      sorts: value(parseSorts(q.sorts)),
      modifiedSince: value(parseModifiedSince(q.modifiedsince)),
      baseUrl: publicBaseUrl(req, this.config),
    };
  }

  /** The list and the one-article route write their bodies themselves, in the response charset. */
  private jsonType(reply: FastifyReply): void {
    reply.header('Content-Type', jsonContentType(this.config.responseCharset));
  }

  private encode(json: string): Buffer {
    return encodeJson(json, this.config.responseCharset);
  }

  @Get()
  @ApiOperation({
    summary: 'Articles with prices, stock and packaging units',
    description:
      'Paged with limit/offset; limit=0 (default) returns every article as one streamed response. ' +
      'Without modifiedsince only active articles (ArtikelStatus 1) are listed; with it, every changed one.',
  })
  @ApiOkResponse({ type: ArticleListDto })
  @ApiBadRequestResponse({ description: 'Bad limit, offset, fields, sorts, waehrabk or modifiedsince.' })
  @ApiUnprocessableEntityResponse({ description: 'waehrabk names no currency, or debinr no customer.' })
  @ApiTooManyRequestsResponse({
    description:
      'The per-user rate limit, or more than ARTICLE_ORDERINGS_PER_MINUTE new orderings (a sort order or ' +
      'language no list was read in lately, other than +ArtBez) in the last minute; Retry-After in seconds.',
  })
  async list(
    @Query() q: ArticleListQueryDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    try {
      return await this.listBody(q, user, req, reply);
    } finally {
      // Every answer of the list names the orderings budget, as it stands after this request.
      const budget = this.articles.orderingBudget(user.id);
      if (budget) addRateLimit(req, budget.policy, budget.remaining, budget.resetSeconds);
    }
  }

  private async listBody(
    q: ArticleListQueryDto,
    user: AuthUser,
    req: FastifyRequest,
    reply: FastifyReply,
  ): Promise<unknown> {
    const ctx = await this.articles.context(await this.request(q, user, req));
    const offset = Number(q.offset ?? 0);
    const limit = Number(q.limit ?? 0);
    const baseUrl = ctx.record.baseUrl;
    const rawQuery = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
    this.jsonType(reply);
    if (limit > 0 && limit <= MAX_PAGE_FROM_SNAPSHOT) {
      const { data, count } = await this.articles.page(ctx, offset, limit);
      const links = listLinks(baseUrl, LIST_PATH, rawQuery, { offset, limit, count });
      return joinEncodedJson(
        data,
        LIST_HEAD,
        this.encode(`],"count":${count},"links":${JSON.stringify(links)}}`),
      );
    }
    const bounded = limit > 0 ? limit : null;
    const { count, batches } = await this.articles.stream(ctx, offset, bounded);
    return streamArticleList(
      batches,
      { count, links: listLinks(baseUrl, LIST_PATH, rawQuery, { offset, limit, count }) },
      (json) => this.encode(json),
    );
  }

  @Get(':ArtNr')
  @ArticleNumberParameter()
  @EntityTagged()
  @ApiOperation({ summary: 'One article, same record and parameters as the list (without paging)' })
  @ApiOkResponse({ type: ArticleResponseDto })
  @ApiNotFoundResponse({ description: 'No such article, or not released for the web shop of the user.' })
  @ApiUnprocessableEntityResponse({ description: 'waehrabk names no currency, or debinr no customer.' })
  async one(
    @Param('ArtNr') artNr: string,
    @Query() q: ArticleQueryDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    checkArticleNumber(artNr);
    const ctx = await this.articles.context(await this.request(q, user, req));
    const record = await this.articles.one(ctx, artNr);
    this.jsonType(reply);
    return joinEncodedJson([record], ONE_HEAD, ONE_TAIL);
  }
}
