import type { ApiRole } from '@app/erp-db';
import { AuthUser } from '../auth-user';

export interface StoredApiUser extends AuthUser {
  passwordHash: string;
  disabled: boolean;
}

export interface NewApiUser {
  name: string;
  passwordHash: string;
  role: ApiRole;
  webshop: string | null;
  usage: string | null;
}

/**
 * What ends with a user's access, in the same transaction as the change that ends it: every
 * token revoked at `at`, every enabled webhook subscription disabled with `webhookReason`.
 */
export interface AccessEnd {
  userId: number;
  at: Date;
  webhookReason: string;
}

/** Port: the service's own user table. */
export abstract class ApiUsersRepository {
  abstract findByName(name: string): Promise<StoredApiUser | null>;
  abstract findById(id: number): Promise<StoredApiUser | null>;
  abstract list(): Promise<StoredApiUser[]>;
  abstract create(user: NewApiUser): Promise<StoredApiUser>;
  /** False when there is no such user (then nothing changed). */
  abstract setDisabled(name: string, disabled: boolean, end: AccessEnd | null): Promise<boolean>;
  /** The number of tokens revoked, or null when there is no such user (then nothing changed). */
  abstract setPasswordHash(name: string, passwordHash: string, end: AccessEnd): Promise<number | null>;
  /** Ends the user's access; returns how many tokens were revoked. */
  abstract endAccess(end: AccessEnd): Promise<number>;
}
