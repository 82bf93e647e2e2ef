import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { integer, text, timestamp } from '../dialect';

export type ApiRole = 'shop' | 'admin';

/** A user of this REST service (the service's own table, not an ERP table). */
@Entity({ name: 'rest_user' })
export class ApiUserEntity {
  @PrimaryGeneratedColumn({ name: 'id', type: 'integer' })
  id!: number;

  @Column(text(64, { name: 'name', unique: true }))
  name!: string;

  @Column(text(255, { name: 'password_hash' }))
  passwordHash!: string;

  @Column(text(10, { name: 'role' }))
  role!: ApiRole;

  /** Matched against the article attribute RESTWEBSHOP; null sees every article. */
  @Column(text(36, { name: 'webshop', nullable: true }))
  webshop!: string | null;

  /** Matched against the media attribute VERWENDUNG. */
  @Column(text(36, { name: 'usage', nullable: true }))
  usage!: string | null;

  @Column(integer({ name: 'disabled', default: 0 }))
  disabled!: number;

  @Column(timestamp({ name: 'created_at' }))
  createdAt!: Date;

  @Column(timestamp({ name: 'updated_at' }))
  updatedAt!: Date;
}
