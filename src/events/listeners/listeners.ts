import { Type } from '@nestjs/common';
import type { EventListenerName } from '../../common/config/app-config';
import { AmqpListener } from './amqp.listener';
import { ErpEventListener } from './erp-event-listener';
import { LogListener } from './log.listener';
import { WebhookListener } from './webhook.listener';

/** The listeners EVENT_LISTENERS can enable, by name: one line each. */
export const LISTENERS = new Map<EventListenerName, Type<ErpEventListener>>([
  ['log', LogListener],
  ['webhook', WebhookListener],
  ['amqp', AmqpListener],
]);
