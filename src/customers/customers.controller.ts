import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
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
import { ApiPathParameter } from '../common/http/openapi-constraints';
import {
  ConditionalWrite,
  EntityTagged,
  representationVersion,
  setRepresentationVersion,
  writePrecondition,
} from '../common/http/conditional-requests';
import { publicBaseUrl } from '../common/http/public-url';
import { requireJsonObject } from '../common/http/require-json-object';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { customerPath, toCustomerDto } from './customer.mapper';
import { CustomersService, CustomerView } from './customers.service';
import { CreateCustomerDto } from './dto/create-customer.dto';
import { CreatedCustomerResponse, CustomerResponse } from './dto/customer-response.dto';
import { CustomerQuery } from './dto/customer.query';
import { UpdateCustomerDto } from './dto/update-customer.dto';

@ApiTags('kunden')
@ErpAuth()
@Controller('www/kunden')
export class CustomersController {
  constructor(
    private readonly customers: CustomersService,
    private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(201)
  @Idempotent()
  @ApiOperation({ summary: 'Creates a customer with its addresses' })
  @ApiCreatedResponse({ type: CreatedCustomerResponse, description: 'Location: the new customer' })
  @ApiBadRequestResponse({ description: 'Invalid body; info.fields lists every problem.' })
  @ApiUnprocessableEntityResponse({ description: 'Unknown currency or postal code (AdrCheck).' })
  @ApiForbiddenResponse({ description: 'KreditLimit given by a user of role shop (admins only).' })
  async create(
    @Body() body: CreateCustomerDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CreatedCustomerResponse> {
    const debiNr = await this.customers.create(body, user);
    reply.header('Location', publicBaseUrl(req, this.config) + customerPath(debiNr));
    return { data: { DebiNr: debiNr } };
  }

  @Get(':DebiNr')
  @ApiPathParameter('DebiNr', '10001')
  @EntityTagged()
  @ApiOperation({ summary: 'A customer with attributes, address keys and its latest orders' })
  @ApiOkResponse({ type: CustomerResponse })
  @ApiBadRequestResponse({ description: 'order or status invalid.' })
  @ApiNotFoundResponse({ description: 'Unknown DebiNr.' })
  async get(
    @Param('DebiNr') debiNr: string,
    @Query() query: CustomerQuery,
    @Req() req: FastifyRequest,
    @CurrentUser() user: AuthUser,
  ): Promise<CustomerResponse> {
    const view = await this.customers.get(debiNr, query, user);
    setRepresentationVersion(req, representationVersion(view.changedAt));
    return this.representation(view, req);
  }

  /** The answer of GET: also what a conditional PUT computes the current ETag from. */
  private representation(view: CustomerView, req: FastifyRequest): CustomerResponse {
    return {
      data: toCustomerDto(view, {
        base: publicBaseUrl(req, this.config),
        legacyListDates: this.config.legacyListDates,
      }),
    };
  }

  @Put(':DebiNr')
  @ApiPathParameter('DebiNr', '10001')
  @HttpCode(204)
  @Idempotent()
  @ConditionalWrite()
  @ApiOperation({ summary: 'Updates GrundDaten fields of a customer' })
  @ApiNoContentResponse({ description: 'Updated.' })
  @ApiBadRequestResponse({ description: 'Invalid body.' })
  @ApiNotFoundResponse({ description: 'Unknown DebiNr.' })
  @ApiUnprocessableEntityResponse({ description: 'Unknown currency.' })
  @ApiForbiddenResponse({ description: 'KreditLimit given by a user of role shop (admins only).' })
  async update(
    @Param('DebiNr') debiNr: string,
    @Body() body: UpdateCustomerDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<void> {
    requireJsonObject(req.body);
    // The ETag of GET /www/kunden/{DebiNr} without parameters, for this request's links.
    const precondition = writePrecondition(
      req,
      this.config,
      (current: CustomerView) => this.representation(current, req),
      (current) => current.changedAt,
    );
    await this.customers.update(debiNr, body, user, precondition);
  }
}
