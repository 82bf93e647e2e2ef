import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { WholeNumberFromDigits } from '../../common/http/whole-numbers';
import { ERP_EVENT_NAMES } from '../erp-events';

const MAX_EVENT_PAGE = 1000;

/** `whsec_` and the Base64 of 24 to 64 bytes (groups of four characters, padding only at the end). */
const WEBHOOK_SECRET_PATTERN =
  /^whsec_(?:(?:[A-Za-z0-9+/]{4}){8,20}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?|(?:[A-Za-z0-9+/]{4}){21}(?:[A-Za-z0-9+/]{2}==)?)$/;

/** GET /www/webhooks?all= */
export class WebhookListQuery {
  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: "Admins only: `true` lists every user's webhooks.",
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'all must be true or false' })
  all?: string;
}

/** GET /www/events?after=&limit=&status= */
export class EventFeedQuery {
  @ApiPropertyOptional({
    description:
      'Cursor: list the events after this id (the `next` of the previous page); 0 = from the start.',
    example: '000000000042',
  })
  @IsOptional()
  @Matches(/^[0-9]{1,12}$/, { message: 'after must be an event id (up to 12 digits)' })
  after?: string;

  @ApiPropertyOptional({ default: 100, minimum: 1, maximum: MAX_EVENT_PAGE })
  @IsOptional()
  @WholeNumberFromDigits()
  @IsInt({ message: `limit must be a whole number from 1 to ${MAX_EVENT_PAGE}` })
  @Min(1)
  @Max(MAX_EVENT_PAGE)
  limit?: number;

  @ApiPropertyOptional({
    enum: ['failed', 'dead'],
    description:
      'Admins only: events with a delivery that failed and is being retried (failed) or was given up (dead), with their deliveries.',
  })
  @IsOptional()
  @IsIn(['failed', 'dead'], { message: 'status must be failed or dead' })
  status?: 'failed' | 'dead';
}

class EventDto {
  @ApiProperty({
    example: '000000000042',
    description: 'Unique, in commit order; the webhook-id of its messages.',
  })
  id!: string;
  @ApiProperty({ enum: ERP_EVENT_NAMES, example: 'REST_Auft' })
  event!: string;
  @ApiPropertyOptional({ example: '100003', description: 'REST_Auft only' })
  AuftNr?: string;
  @ApiPropertyOptional({ example: '10003', description: 'REST_Kunde only' })
  DebiNr?: string;
  @ApiProperty({ enum: ['created', 'converted', 'updated'], example: 'created' })
  action!: string;
  @ApiProperty({ example: 'demo' })
  user!: string;
  @ApiProperty({ example: '2026-11-25T08:00:00Z' })
  occurredAt!: string;
}

class DeliveryDto {
  @ApiProperty({ enum: ['log', 'webhook', 'amqp', 'subscription'] })
  listener!: string;
  @ApiProperty({ description: 'The webhook URL, the subscription id, or empty.' })
  target!: string;
  @ApiProperty({ enum: ['pending', 'delivered', 'dead'] })
  status!: string;
  @ApiProperty()
  attempts!: number;
  @ApiProperty({ nullable: true, type: String })
  nextAttemptAt!: string | null;
  @ApiProperty({ nullable: true, type: String })
  deliveredAt!: string | null;
  @ApiProperty({ nullable: true, type: String })
  lastError!: string | null;
}

export class EventWithDeliveriesDto extends EventDto {
  @ApiPropertyOptional({ type: [DeliveryDto], description: 'With status= only' })
  deliveries?: DeliveryDto[];
}

export class EventFeedResponse {
  @ApiProperty() count!: number;
  @ApiProperty() success!: boolean;
  @ApiProperty({ type: [EventWithDeliveriesDto] }) data!: EventWithDeliveriesDto[];
  @ApiProperty({ example: '000000000042', description: 'Pass as `after` for the next page.' })
  next!: string;
}

export class RedeliveryDto {
  @ApiProperty({ example: '000000000042' }) id!: string;
  @ApiProperty({ description: 'Deliveries that will be sent again.' }) redelivered!: number;
}

export class RedeliveryResponse {
  @ApiProperty() success!: boolean;
  @ApiProperty({ type: RedeliveryDto }) data!: RedeliveryDto;
}

/** POST /www/webhooks */
export class CreateWebhookDto {
  @ApiProperty({
    maxLength: 500,
    format: 'uri',
    example: 'https://shop.example.com/erp-webhooks',
    description:
      'http(s) URL of the receiver. It must answer the validation request with the proof of the secret (see the description of POST /www/webhooks).',
  })
  @IsString()
  @MaxLength(500)
  @Matches(/^[Hh][Tt][Tt][Pp][Ss]?:\/\//, { message: 'url must start with http:// or https://' })
  url!: string;

  @ApiPropertyOptional({
    pattern: WEBHOOK_SECRET_PATTERN.source,
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description:
      'The signing secret, chosen by the caller: `whsec_` and the Base64 of 24 to 64 random bytes. ' +
      'Without it the service chooses one and sends it to the receiver in the validation request.',
  })
  @IsOptional()
  @IsString()
  @Matches(WEBHOOK_SECRET_PATTERN, {
    message: 'secret must be whsec_ followed by the Base64 of 24 to 64 bytes',
  })
  secret?: string;

  @ApiProperty({
    enum: ERP_EVENT_NAMES,
    isArray: true,
    maxItems: ERP_EVENT_NAMES.length,
    example: ['REST_Auft', 'REST_Kunde'],
  })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(ERP_EVENT_NAMES.length)
  @ArrayUnique()
  @IsIn(ERP_EVENT_NAMES, { each: true, message: 'events must list REST_Auft and/or REST_Kunde' })
  events!: string[];
}

export class WebhookDto {
  @ApiProperty({ example: 1 }) id!: number;
  @ApiProperty({ example: 'https://shop.example.com/erp-webhooks' }) url!: string;
  @ApiProperty({ enum: ERP_EVENT_NAMES, isArray: true }) events!: string[];
  @ApiProperty({ example: '2026-11-25T08:00:00Z' }) createdAt!: string;
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'Why the endpoint was disabled.' })
  disabledReason!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Since when every delivery has failed.' })
  failingSince!: string | null;
}

export class CreatedWebhookDto extends WebhookDto {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: "Verifies the signatures of this endpoint's messages. Shown only in this answer.",
  })
  secret!: string;
}

export class CreatedWebhookResponse {
  @ApiProperty({ type: CreatedWebhookDto }) data!: CreatedWebhookDto;
}

export class WebhookListResponse {
  @ApiProperty() count!: number;
  @ApiProperty() success!: boolean;
  @ApiProperty({ type: [WebhookDto] }) data!: WebhookDto[];
}
