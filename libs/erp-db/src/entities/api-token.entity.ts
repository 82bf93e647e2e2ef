import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { integer, text, timestamp, primary } from '../dialect';

/** An issued access token; only its SHA-256 is stored. */
@Entity({ name: 'rest_token' })
@Index('IX_rest_token_user', ['userId'])
export class ApiTokenEntity {
  @PrimaryColumn(primary(text(64, { name: 'token_hash' })))
  tokenHash!: string;

  @Column(integer({ name: 'user_id' }))
  userId!: number;

  @Column(timestamp({ name: 'expires_at' }))
  expiresAt!: Date;

  @Column(timestamp({ name: 'created_at' }))
  createdAt!: Date;

  @Column(timestamp({ name: 'revoked_at', nullable: true }))
  revokedAt!: Date | null;
}
