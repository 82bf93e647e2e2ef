import { Controller, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import {
  ApiBasicAuth,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { IgnoredJsonBody } from '../common/http/ignored-body';
import { AuthUser } from './auth-user';
import { CurrentUser } from './erp-auth.decorator';
import { BasicAuthGuard } from './guards';
import { TokenResponseDto } from './dto/token-response.dto';
import { IssuedToken, TokenService } from './token.service';

@ApiTags('token')
@Controller('www/token')
export class TokenController {
  constructor(private readonly tokens: TokenService) {}

  @Post()
  @HttpCode(200)
  @UseGuards(BasicAuthGuard)
  @ApiBasicAuth('basic')
  @ApiOperation({ summary: 'Creates an access token from Basic credentials' })
  @IgnoredJsonBody('Not needed: the Authorization header is the only input; a JSON body is ignored.')
  @ApiOkResponse({ type: TokenResponseDto })
  @ApiUnauthorizedResponse({ description: 'Wrong user name or password.' })
  @ApiTooManyRequestsResponse({ description: 'Too many failed logins; see Retry-After.' })
  async create(
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<IssuedToken> {
    reply.header('Cache-Control', 'no-store');
    reply.header('Pragma', 'no-cache');
    return this.tokens.issue(user);
  }
}
