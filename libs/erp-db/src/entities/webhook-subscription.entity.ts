import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { integer, text, timestamp } from '../dialect';

/** A webhook endpoint an API user registered (POST /www/webhooks). */
@Entity({ name: 'rest_webhook' })
@Index('IX_rest_webhook_user', ['userId'])
export class WebhookSubscriptionEntity {
  @PrimaryGeneratedColumn({ name: 'id', type: 'integer' })
  id!: number;

  @Column(integer({ name: 'user_id' }))
  userId!: number;

  @Column(text(500, { name: 'url' }))
  url!: string;

  /** Comma list of event types (REST_Auft, REST_Kunde). */
  @Column(text(100, { name: 'events' }))
  events!: string;

  /** whsec_<base64>, the key that signs every message to this endpoint. */
  @Column(text(100, { name: 'secret' }))
  secret!: string;

  @Column(timestamp({ name: 'created_at' }))
  createdAt!: Date;

  @Column(integer({ name: 'enabled', default: 1 }))
  enabled!: number;

  @Column(text(500, { name: 'disabled_reason', nullable: true }))
  disabledReason!: string | null;

  /** Since when every delivery has failed; null while the endpoint answers. */
  @Column(timestamp({ name: 'failing_since', nullable: true }))
  failingSince!: Date | null;
}
