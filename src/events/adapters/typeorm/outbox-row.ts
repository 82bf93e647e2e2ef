import { EVENT_NUMBER_RANGE, EventEntity } from '@app/erp-db';
import { EntityManager } from 'typeorm';
import { NumberRangeService } from '../../../common/number-range/number-range.service';
import { PendingEvent } from '../../erp-events';

/**
 * Appends the event of a change to the transaction of `m` (transactional outbox, D10). Call it as
 * the transaction's last write: the id comes from REST_EVENT, whose row stays locked until the
 * commit, so ids follow commit order.
 */
export async function appendOutboxRow(
  m: EntityManager,
  numbers: NumberRangeService,
  event: PendingEvent,
  key: string,
): Promise<void> {
  const id = await numbers.next(m, EVENT_NUMBER_RANGE);
  await m.getRepository(EventEntity).insert({
    id,
    event: event.event,
    objKey: key,
    action: event.action,
    userName: event.user,
    occurredAt: event.occurredAt,
    fannedOut: 0,
  });
}
