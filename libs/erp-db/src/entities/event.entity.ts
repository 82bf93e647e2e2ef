import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { integer, text, timestamp } from '../dialect';

/**
 * An event (REST_Auft / REST_Kunde), written in the same transaction as the change it reports
 * (transactional outbox). The id is drawn from the number range REST_EVENT inside that
 * transaction, which keeps the range row locked until the commit: ids are gapless and in
 * commit order, so the event feed can page by id without missing a late commit.
 */
@Entity({ name: 'rest_event' })
@Index('IX_rest_event_fanout', ['fannedOut', 'id'])
export class EventEntity {
  @PrimaryColumn({ name: 'id', type: 'integer' })
  id!: number;

  @Column(text(20, { name: 'event' }))
  event!: string;

  /** AuftNr or DebiNr. */
  @Column(text(20, { name: 'obj_key' }))
  objKey!: string;

  /** created, converted, updated. */
  @Column(text(12, { name: 'action' }))
  action!: string;

  @Column(text(60, { name: 'user_name' }))
  userName!: string;

  @Column(timestamp({ name: 'occurred_at' }))
  occurredAt!: Date;

  /** 1 once the relay has created the event's deliveries. */
  @Column(integer({ name: 'fanned_out', default: 0 }))
  fannedOut!: number;
}
