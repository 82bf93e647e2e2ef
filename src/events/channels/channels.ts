import { Type } from '@nestjs/common';
import type { EventListenerName } from '../../common/config/app-config';
import { AmqpChannel } from './amqp.channel';
import { DeliveryChannel } from './delivery-channel';
import { LogChannel } from './log.channel';
import { WebhookChannel } from './webhook.channel';

/** The delivery channels EVENT_LISTENERS can enable, by name: one line each. */
export const CHANNELS = new Map<EventListenerName, Type<DeliveryChannel>>([
  ['log', LogChannel],
  ['webhook', WebhookChannel],
  ['amqp', AmqpChannel],
]);
