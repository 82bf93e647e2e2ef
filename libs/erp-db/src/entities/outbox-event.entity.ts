import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { integer, longText, text, timestamp } from '../dialect';

/** An event written in the same transaction as the change it reports (transactional outbox). */
@Entity({ name: 'rest_outbox' })
@Index('IX_rest_outbox_pending', ['processedAt', 'nextAttemptAt'])
export class OutboxEventEntity {
  @PrimaryGeneratedColumn({ name: 'id', type: 'integer' })
  id!: number;

  @Column(text(20, { name: 'event' }))
  event!: string;

  @Column(longText({ name: 'payload' }))
  payload!: string;

  @Column(timestamp({ name: 'created_at' }))
  createdAt!: Date;

  @Column(timestamp({ name: 'processed_at', nullable: true }))
  processedAt!: Date | null;

  @Column(integer({ name: 'attempts', default: 0 }))
  attempts!: number;

  @Column(timestamp({ name: 'next_attempt_at', nullable: true }))
  nextAttemptAt!: Date | null;

  @Column(text(500, { name: 'last_error', nullable: true }))
  lastError!: string | null;
}
