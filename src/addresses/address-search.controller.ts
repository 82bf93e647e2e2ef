import { Controller, Get, Query, Req } from '@nestjs/common';
import { AuthUser } from '../auth/auth-user';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, ErpAuth } from '../auth/erp-auth.decorator';
import { AppConfig } from '../common/config/app-config';
import { publicBaseUrl } from '../common/http/public-url';
import { toSearchHit } from './address.mapper';
import { AddressesService } from './addresses.service';
import { AddressSearchResponse } from './dto/address-response.dto';
import { AddressSearchQuery } from './dto/address-search.query';

@ApiTags('adressen')
@ErpAuth()
@Controller('www/adressensuche')
export class AddressSearchController {
  constructor(
    private readonly addresses: AddressesService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Finds the one customer with an address matching every parameter' })
  @ApiOkResponse({ type: AddressSearchResponse })
  @ApiBadRequestResponse({ description: 'An unknown parameter, or one too long or blank.' })
  @ApiUnprocessableEntityResponse({ description: 'No search parameter: give at least one.' })
  @ApiNotFoundResponse({ description: 'No customer matches.' })
  @ApiConflictResponse({ description: 'Several customers match; info.count says how many.' })
  @ApiServiceUnavailableResponse({
    description:
      'A search by unindexed fields only ran out of time (ADDRESS_SCAN_TIMEOUT_MS); see Retry-After.',
  })
  async search(
    @Query() query: AddressSearchQuery,
    @Req() req: FastifyRequest,
    @CurrentUser() user: AuthUser,
  ): Promise<AddressSearchResponse> {
    const keys = await this.addresses.search(query, user);
    return { data: toSearchHit(keys, publicBaseUrl(req, this.config)) };
  }
}
