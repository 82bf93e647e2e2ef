import { Column, Entity, PrimaryColumn } from 'typeorm';
import { integer, longText, text, timestamp, primary } from '../dialect';

/** The first response to a POST/PUT carrying an Idempotency-Key, replayed on repeats. */
@Entity({ name: 'rest_idempotency' })
export class IdempotencyKeyEntity {
  @PrimaryColumn(primary(text(64, { name: 'user_name' })))
  userName!: string;

  @PrimaryColumn(primary(text(255, { name: 'idem_key' })))
  idemKey!: string;

  @Column(text(10, { name: 'method' }))
  method!: string;

  @Column(text(255, { name: 'path' }))
  path!: string;

  /** SHA-256 of the request body: the same key with another body is a conflict. */
  @Column(text(64, { name: 'request_hash' }))
  requestHash!: string;

  /** Null while the first request is still being processed. */
  @Column(integer({ name: 'status_code', nullable: true }))
  statusCode!: number | null;

  @Column(longText({ name: 'response_body', nullable: true }))
  responseBody!: string | null;

  @Column(longText({ name: 'response_headers', nullable: true }))
  responseHeaders!: string | null;

  @Column(timestamp({ name: 'created_at' }))
  createdAt!: Date;
}
