import { Body, Controller, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../auth/auth-user';
import { CurrentUser, ErpAuth } from '../auth/erp-auth.decorator';
import { AppConfig } from '../common/config/app-config';
import { EntityTagged } from '../common/http/conditional-requests';
import { publicBaseUrl } from '../common/http/public-url';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { ConvertOfferDto } from './dto/convert-offer.dto';
import { CreateOrderDto } from './dto/create-order.dto';
import { OrderNumberParam } from './dto/order-number.param';
import {
  OfferConvertedResponseDto,
  OrderCreatedResponseDto,
  OrderQuoteResponseDto,
  OrderResponseDto,
} from './dto/order-response.dto';
import { OrdersService } from './orders.service';

@ApiTags('auftrag')
@ErpAuth()
@Controller('www/auftrag')
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly config: AppConfig,
  ) {}

  @Post()
  @Idempotent()
  @HttpCode(201)
  @ApiOperation({ summary: 'Creates an order (status N) with lines, addresses and payment labels' })
  @ApiCreatedResponse({ type: OrderCreatedResponseDto, description: 'Created; Location names the order' })
  @ApiOkResponse({
    type: OrderCreatedResponseDto,
    description: 'An order with this KundNr + AuftBestellNr exists already; nothing was created',
  })
  @ApiBadRequestResponse({ description: 'Invalid body (info.fields lists every problem)' })
  @ApiUnprocessableEntityResponse({ description: 'Unknown customer, article, packaging unit or price' })
  async create(
    @Body() dto: CreateOrderDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OrderCreatedResponseDto> {
    const result = await this.orders.create(dto, user);
    void reply.status(result.created ? 201 : 200).header('Location', this.location(req, result.AuftNr));
    return { data: { AuftNr: result.AuftNr } };
  }

  /** Not @Idempotent: a quote changes nothing, and a key sent with it stays free for the order. */
  @Post('kalkulation')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Prices an order without storing it: the order POST /www/auftrag would create from this body',
    description:
      'Takes the body of POST /www/auftrag with its validation, web-shop scope and price determination and ' +
      'answers the order in the shape of GET /www/auftrag/{AuftNr}, without AuftNr. Draws no number, ' +
      'stores nothing, records no event; an Idempotency-Key header is ignored.',
  })
  @ApiOkResponse({ type: OrderQuoteResponseDto, description: 'What the order would be, to the cent' })
  @ApiBadRequestResponse({ description: 'Invalid body (info.fields lists every problem), as for POST' })
  @ApiConflictResponse({
    description:
      'An order with this KundNr + AuftBestellNr exists already (info.AuftNr); POST would create nothing',
  })
  @ApiUnprocessableEntityResponse({
    description: 'Unknown customer, article, packaging unit or price, as for POST',
  })
  async quote(@Body() dto: CreateOrderDto, @CurrentUser() user: AuthUser): Promise<OrderQuoteResponseDto> {
    return { data: await this.orders.quote(dto, user) };
  }

  @Put()
  @Idempotent()
  @HttpCode(201)
  @ApiOperation({ summary: 'Converts an offer (status P) into an order; an offer converts once' })
  @ApiCreatedResponse({ type: OfferConvertedResponseDto })
  @ApiNotFoundResponse({ description: 'OffertNr is not an offer with status P' })
  @ApiConflictResponse({
    description:
      'Converted before (info.AuftNr) or a template offer does not match the customer (info.mismatch)',
  })
  async convert(
    @Body() dto: ConvertOfferDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OfferConvertedResponseDto> {
    const auftNr = await this.orders.convert(dto, user);
    void reply.header('Cache-Control', 'no-store').header('Location', this.location(req, auftNr));
    return { count: 1, success: true, data: { AuftNr: auftNr } };
  }

  @Get(':AuftNr')
  @EntityTagged()
  @ApiOperation({ summary: 'Reads an order or offer with lines, addresses, tax recap and payments' })
  @ApiOkResponse({ type: OrderResponseDto })
  @ApiNotFoundResponse({ description: 'No order or offer with this number' })
  async get(@Param() params: OrderNumberParam, @CurrentUser() user: AuthUser): Promise<OrderResponseDto> {
    return { data: await this.orders.get(params.AuftNr, user) };
  }

  private location(req: FastifyRequest, auftNr: string): string {
    return `${publicBaseUrl(req, this.config)}/www/auftrag/${encodeURIComponent(auftNr)}`;
  }
}
