import { Body, Controller, Get, HttpCode, Param, Patch, Query, Req } from '@nestjs/common';
import { AuthUser } from '../auth/auth-user';
import {
  ApiBadRequestResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, ErpAuth } from '../auth/erp-auth.decorator';
import { AppConfig } from '../common/config/app-config';
import {
  ConditionalWrite,
  EntityTagged,
  representationVersion,
  setRepresentationVersion,
  writePrecondition,
} from '../common/http/conditional-requests';
import { publicBaseUrl } from '../common/http/public-url';
import { requireJsonObject } from '../common/http/require-json-object';
import { AddressNumberParameter, parseAddressNumber } from './address-number';
import { toAddressDto, toCustomerAddresses } from './address.mapper';
import { AddressesService } from './addresses.service';
import { AddressPatchDto } from './dto/address-patch.dto';
import { AddressResponse, CustomerAddressesResponse } from './dto/address-response.dto';
import { CustomerAddressesQuery } from './dto/customer-addresses.query';
import { StoredAddress } from './ports/addresses.repository';

/** The answer of GET /www/adressen/{AdrNr}: also what a conditional PATCH computes the current ETag from. */
const addressRepresentation = (stored: StoredAddress): AddressResponse => ({
  data: toAddressDto(stored.address),
});

@ApiTags('adressen')
@ErpAuth()
@Controller('www/adressen')
export class AddressesController {
  constructor(
    private readonly addresses: AddressesService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: "A customer's contact, delivery and billing addresses" })
  @ApiOkResponse({ type: CustomerAddressesResponse })
  @ApiBadRequestResponse({ description: 'debinr missing or invalid.' })
  @ApiNotFoundResponse({ description: 'Unknown customer.' })
  async ofCustomer(
    @Query() query: CustomerAddressesQuery,
    @Req() req: FastifyRequest,
    @CurrentUser() user: AuthUser,
  ): Promise<CustomerAddressesResponse> {
    const { keys, addresses } = await this.addresses.ofCustomer(query.debinr, user);
    const data = toCustomerAddresses(keys, addresses, publicBaseUrl(req, this.config));
    const count = data.KundKontakt.length + data.KundLief.length + data.KundRech.length;
    return { count, success: true, data };
  }

  @Get(':AdrNr')
  @AddressNumberParameter()
  @EntityTagged()
  @ApiOperation({ summary: 'One address with its salutation text' })
  @ApiOkResponse({ type: AddressResponse })
  @ApiNotFoundResponse({ description: 'Unknown AdrNr.' })
  async get(
    @Param('AdrNr') adrNr: string,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<AddressResponse> {
    const stored = await this.addresses.get(parseAddressNumber(adrNr), user);
    setRepresentationVersion(req, representationVersion(stored.changedAt));
    return addressRepresentation(stored);
  }

  @Patch(':AdrNr')
  @AddressNumberParameter()
  @HttpCode(204)
  @ConditionalWrite()
  @ApiOperation({ summary: 'Changes the given fields of an address' })
  @ApiNoContentResponse({ description: 'Changed.' })
  @ApiBadRequestResponse({ description: 'Unknown field, wrong type or too long.' })
  @ApiNotFoundResponse({ description: 'Unknown AdrNr.' })
  @ApiUnprocessableEntityResponse({
    description:
      'AdrCheck: unknown postal code; neither AdrFirma nor AdrName would remain; Anrede and AdrAnrede disagree.',
  })
  async patch(
    @Param('AdrNr') adrNr: string,
    @Body() body: AddressPatchDto,
    @Req() req: FastifyRequest,
    @CurrentUser() user: AuthUser,
  ): Promise<void> {
    const nr = parseAddressNumber(adrNr);
    requireJsonObject(req.body);
    const precondition = writePrecondition(req, this.config, addressRepresentation, (a) => a.changedAt);
    await this.addresses.patch(nr, body, user, precondition);
  }
}
