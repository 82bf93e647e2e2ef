import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AttributeEntity } from '@app/erp-db';
import { UnitOfWorkModule } from '../database/unit-of-work.module';
import { TypeOrmEventStore } from './adapters/typeorm/typeorm-event-store';
import { TypeOrmEventSwitch } from './adapters/typeorm/typeorm-event-switch';
import { EventFeed } from './event-feed.service';
import { EventRecorder } from './event-recorder';
import { EventRelay } from './event-relay';
import { EventsController } from './events.controller';
import { LISTENERS } from './listeners/listeners';
import { SubscriptionListener } from './listeners/subscription.listener';
import { EventStore } from './ports/event-store';
import { EventSwitch } from './ports/event-switch';
import { WebhookSender } from './webhooks/webhook-sender';
import { WebhookSubscriptions } from './webhook-subscriptions.service';

/** Events through the outbox (D10): recorder for the writes, relay, listeners, feed and webhooks API. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AttributeEntity]), UnitOfWorkModule],
  controllers: [EventsController],
  providers: [
    EventRecorder,
    EventRelay,
    EventFeed,
    WebhookSender,
    WebhookSubscriptions,
    SubscriptionListener,
    ...LISTENERS.values(),
    { provide: EventSwitch, useClass: TypeOrmEventSwitch },
    { provide: EventStore, useClass: TypeOrmEventStore },
  ],
  exports: [EventRecorder, EventStore],
})
export class EventsModule {}
