import { Injectable } from '@nestjs/common';
import { AuthUser } from '../auth/auth-user';
import { ApiError } from '../common/errors/api-error';
import { isoUtc } from '../common/http/dates';
import { MAX_INTEGER_KEY } from '../common/http/whole-numbers';
import { formatEventId, toEventMessage } from './erp-events';
import { EventFeedQuery, EventFeedResponse, EventWithDeliveriesDto, RedeliveryDto } from './dto/events.dto';
import { assertEventAccess } from './event-access';
import { InjectInProcessEmitter, InProcessEmitter } from './in-process-events';
import { DeliveryView, Outbox } from './ports/outbox';

/** The pull side of events (like Stripe's event list): a shop that was down catches up here. */
@Injectable()
export class EventFeed {
  constructor(
    private readonly store: Outbox,
    @InjectInProcessEmitter() private readonly emitter: InProcessEmitter,
  ) {}

  async list(user: AuthUser, query: EventFeedQuery): Promise<EventFeedResponse> {
    assertEventAccess(user);
    const cursor = Number(query.after ?? '0');
    // Event ids are integer keys: a cursor beyond them has nothing after it (and is repeated as `next`).
    const after = Math.min(cursor, MAX_INTEGER_KEY);
    const limit = query.limit ?? 100;
    if (query.status !== undefined) {
      if (user.role !== 'admin') throw ApiError.forbidden('Only admins list events by delivery status.');
      const found = await this.store.problemEvents(query.status, after, limit);
      const data = found.map((f) => ({
        ...toEventMessage(f.event),
        deliveries: f.deliveries.map(toDeliveryDto),
      }));
      return page(data, cursor);
    }
    return page((await this.store.events(after, limit)).map(toEventMessage), cursor);
  }

  async redeliver(id: string): Promise<RedeliveryDto> {
    const key = /^\d{1,12}$/.test(id) ? Number(id) : NaN;
    const found = key <= MAX_INTEGER_KEY ? await this.store.event(key) : null;
    if (!found) throw ApiError.notFound(`There is no event ${id}.`);
    const redelivered = await this.store.redeliver(found.event.id, new Date());
    this.emitter.emit('erp.outbox.written');
    return { id: formatEventId(found.event.id), redelivered };
  }
}

function page(data: EventWithDeliveriesDto[], after: number): EventFeedResponse {
  return {
    count: data.length,
    success: true,
    data,
    next: data.length > 0 ? data[data.length - 1].id : formatEventId(after),
  };
}

function toDeliveryDto(d: DeliveryView) {
  return {
    listener: d.listener,
    target: d.target,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.nextAttemptAt ? isoUtc(d.nextAttemptAt) : null,
    deliveredAt: d.deliveredAt ? isoUtc(d.deliveredAt) : null,
    lastError: d.lastError,
  };
}
