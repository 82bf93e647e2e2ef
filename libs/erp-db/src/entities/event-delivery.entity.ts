import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { integer, text, timestamp } from '../dialect';

export type DeliveryStatus = 'pending' | 'delivered' | 'dead';

/** The delivery of one event to one listener target (a log, a webhook URL, a subscription, a broker). */
@Entity({ name: 'rest_event_delivery' })
@Index('UQ_rest_event_delivery', ['eventId', 'listener', 'target'], { unique: true })
@Index('IX_rest_event_delivery_due', ['status', 'nextAttemptAt'])
export class EventDeliveryEntity {
  @PrimaryGeneratedColumn({ name: 'id', type: 'integer' })
  id!: number;

  @Column(integer({ name: 'event_id' }))
  eventId!: number;

  /** log, webhook, amqp, subscription. */
  @Column(text(20, { name: 'listener' }))
  listener!: string;

  /** The webhook URL or the subscription id; empty for log and amqp. */
  @Column(text(500, { name: 'target' }))
  target!: string;

  @Column(text(10, { name: 'status' }))
  status!: DeliveryStatus;

  @Column(integer({ name: 'attempts', default: 0 }))
  attempts!: number;

  @Column(timestamp({ name: 'next_attempt_at' }))
  nextAttemptAt!: Date;

  @Column(text(40, { name: 'lease_owner', nullable: true }))
  leaseOwner!: string | null;

  @Column(timestamp({ name: 'lease_until', nullable: true }))
  leaseUntil!: Date | null;

  @Column(text(500, { name: 'last_error', nullable: true }))
  lastError!: string | null;

  @Column(timestamp({ name: 'delivered_at', nullable: true }))
  deliveredAt!: Date | null;
}
