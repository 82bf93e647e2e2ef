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

/** Port: the service's own user table. */
export abstract class ApiUsersRepository {
  abstract findByName(name: string): Promise<StoredApiUser | null>;
  abstract findById(id: number): Promise<StoredApiUser | null>;
  abstract list(): Promise<StoredApiUser[]>;
  abstract create(user: NewApiUser): Promise<StoredApiUser>;
  abstract setDisabled(name: string, disabled: boolean): Promise<boolean>;
  abstract setPasswordHash(name: string, passwordHash: string): Promise<boolean>;
}
