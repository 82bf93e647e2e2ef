import { Module } from '@nestjs/common';
import { TypeOrmEventsPersistenceModule } from './adapters/typeorm/typeorm-events-persistence.module';
import { EventFeed } from './event-feed.service';
import { EventRecorder } from './event-recorder';
import { EventRelay } from './event-relay';
import { EventsController } from './events.controller';
import { CHANNELS } from './channels/channels';
import { SubscriptionChannel } from './channels/subscription.channel';
import { WebhookSender } from './webhooks/webhook-sender';
import { WebhookSubscriptions } from './webhook-subscriptions.service';

/**
 * Events through the outbox (D10): recorder for the writes, relay, listeners, feed and webhooks
 * API. Import where a feature records events or reads the outbox.
 */
@Module({
  imports: [TypeOrmEventsPersistenceModule],
  controllers: [EventsController],
  providers: [
    EventRecorder,
    EventRelay,
    EventFeed,
    WebhookSender,
    WebhookSubscriptions,
    SubscriptionChannel,
    ...CHANNELS.values(),
  ],
  exports: [EventRecorder, TypeOrmEventsPersistenceModule],
})
export class EventsModule {}
