import { DataSource, MoreThan } from 'typeorm';
import { EventEntity } from '@app/erp-db';
import { ErpEventMessage, ErpEventName, toEventMessage } from '../../src/events/erp-events';

/**
 * The events a test's writes put into the outbox (rest_event), read back from the database: what a
 * relay delivers afterwards is covered by events.e2e-spec.ts.
 */
export class OutboxWatch {
  private after = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly event: ErpEventName,
  ) {}

  /** Forgets what was recorded so far. */
  async reset(): Promise<void> {
    const last = await this.dataSource.getRepository(EventEntity).find({ order: { id: 'DESC' }, take: 1 });
    this.after = last[0]?.id ?? 0;
  }

  /** The messages recorded since the last reset, in commit order. */
  async recorded(): Promise<ErpEventMessage[]> {
    const rows = await this.dataSource
      .getRepository(EventEntity)
      .find({ where: { id: MoreThan(this.after), event: this.event }, order: { id: 'ASC' } });
    return rows.map((r) =>
      toEventMessage({
        id: r.id,
        event: r.event,
        key: r.objKey,
        action: r.action,
        user: r.userName,
        occurredAt: r.occurredAt,
      }),
    );
  }
}
