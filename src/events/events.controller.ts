import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { AuthUser } from '../auth/auth-user';
import { ApiError } from '../common/errors/api-error';
import { ApiPathParameter } from '../common/http/openapi-constraints';
import { integerKey, MAX_INTEGER_KEY } from '../common/http/whole-numbers';
import { EventAccessGuard } from './event-access';
import { CurrentUser, ErpAuth } from '../auth/erp-auth.decorator';
import {
  CreatedWebhookResponse,
  CreateWebhookDto,
  EventFeedQuery,
  EventFeedResponse,
  RedeliveryResponse,
  WebhookListQuery,
  WebhookListResponse,
} from './dto/events.dto';
import { EventFeed } from './event-feed.service';
import { WebhookSubscriptions } from './webhook-subscriptions.service';

const SIGNATURE_HELP =
  'Every message is a POST with the JSON event as body and the Standard Webhooks headers ' +
  '`webhook-id` (the event id; drop a repeat), `webhook-timestamp` (Unix seconds) and ' +
  '`webhook-signature` (`v1,` + Base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, ' +
  'keyed with the Base64-decoded part of the secret after `whsec_`). A receiver recomputes the HMAC ' +
  'over the raw body, compares in constant time, and rejects timestamps more than 5 minutes old. ' +
  'Any answer other than 2xx within 10 s is retried with exponential back-off.';

@ApiTags('events')
// Decorators apply bottom-up: the access guard is listed after (runs after) authentication.
@UseGuards(EventAccessGuard)
@ErpAuth()
@ApiForbiddenResponse({
  description: 'A web-shop user: events and webhooks are for integration users and admins.',
})
@Controller('www')
export class EventsController {
  constructor(
    private readonly feed: EventFeed,
    private readonly webhooks: WebhookSubscriptions,
  ) {}

  @Get('events')
  @ApiOperation({
    summary: 'Events (REST_Auft, REST_Kunde) in commit order, after a cursor',
    description:
      'Page with `after` = the `next` of the previous answer until `count` is 0. Admins may add ' +
      '`status=failed|dead` to see events whose delivery is being retried or was given up.',
  })
  @ApiOkResponse({ type: EventFeedResponse })
  @ApiBadRequestResponse({ description: 'after, limit or status invalid.' })
  @ApiForbiddenResponse({ description: 'A web-shop user, or status= by a non-admin.' })
  list(@CurrentUser() user: AuthUser, @Query() query: EventFeedQuery): Promise<EventFeedResponse> {
    return this.feed.list(user, query);
  }

  @Post('events/:id/redeliver')
  @HttpCode(202)
  @ErpAuth('admin')
  @ApiOperation({
    summary: 'Sends an event again: its undelivered deliveries, or all when all were delivered',
  })
  @ApiAcceptedResponse({ type: RedeliveryResponse })
  @ApiNotFoundResponse({ description: 'Unknown event id.' })
  @ApiPathParameter('id', '000000000001')
  async redeliver(@Param('id') id: string): Promise<RedeliveryResponse> {
    return { success: true, data: await this.feed.redeliver(id) };
  }

  @Post('webhooks')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Registers a webhook endpoint for the calling user',
    description:
      'The service first POSTs `{"type":"webhook.validation","challenge":"…","secret":"whsec_…"}` to ' +
      'the URL, signed with the secret (`secret` is left out when the caller chose it in the body); ' +
      'the receiver must answer 2xx within the timeout with the proof, the Base64 of HMAC-SHA256 ' +
      'over the challenge keyed like the signatures, as text or as `{"proof":"…"}`. A receiver that ' +
      'echoes the challenge is refused. The answer carries the `whsec_` secret, shown only there. ' +
      'URLs on loopback, link-local or private addresses are refused unless WEBHOOK_ALLOW_PRIVATE is set. ' +
      SIGNATURE_HELP,
  })
  @ApiCreatedResponse({ type: CreatedWebhookResponse })
  @ApiBadRequestResponse({ description: 'Invalid body.' })
  @ApiUnprocessableEntityResponse({ description: 'The URL is refused or did not prove the secret.' })
  @ApiConflictResponse({ description: 'The user has 20 webhooks already.' })
  async create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateWebhookDto,
  ): Promise<CreatedWebhookResponse> {
    return { data: await this.webhooks.register(user, body) };
  }

  @Get('webhooks')
  @ApiOperation({
    summary:
      "The calling user's webhook endpoints (an admin's with all=true: everyone's), with why one was disabled",
  })
  @ApiOkResponse({ type: WebhookListResponse })
  @ApiBadRequestResponse({ description: 'all is not true or false.' })
  @ApiForbiddenResponse({ description: 'A web-shop user, or all=true by a non-admin.' })
  async webhooksOfUser(
    @CurrentUser() user: AuthUser,
    @Query() query: WebhookListQuery,
  ): Promise<WebhookListResponse> {
    const data = await this.webhooks.list(user, query.all === 'true');
    return { count: data.length, success: true, data };
  }

  @Delete('webhooks/:id')
  @HttpCode(204)
  @ApiOperation({ summary: "Deletes one of the calling user's webhook endpoints (an admin: anyone's)" })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiNotFoundResponse({ description: 'No such webhook of this user (for an admin: at all).' })
  @ApiPathParameter('id', 1, { type: 'integer', minimum: 0, maximum: MAX_INTEGER_KEY })
  async deleteWebhook(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<void> {
    const key = integerKey(id);
    if (key === null) throw ApiError.notFound(`You have no webhook ${id}.`);
    await this.webhooks.remove(user, key);
  }
}
