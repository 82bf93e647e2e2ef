import { Module } from '@nestjs/common';
import { BatchWriterModule } from '../../../database/batch-writer.module';
import { Outbox } from '../../ports/outbox';
import { EventSwitch } from '../../ports/event-switch';
import { WebhookSubscriptionStore } from '../../ports/webhook-subscription-store';
import { TypeOrmOutbox } from './typeorm-outbox';
import { TypeOrmEventSwitch } from './typeorm-event-switch';
import { TypeOrmWebhookSubscriptionStore } from './typeorm-webhook-subscription-store';

@Module({
  imports: [BatchWriterModule],
  providers: [
    { provide: EventSwitch, useClass: TypeOrmEventSwitch },
    { provide: Outbox, useClass: TypeOrmOutbox },
    { provide: WebhookSubscriptionStore, useClass: TypeOrmWebhookSubscriptionStore },
  ],
  exports: [EventSwitch, Outbox, WebhookSubscriptionStore],
})
export class TypeOrmEventsPersistenceModule {}
