import { Injectable } from '@nestjs/common';
import { DUMMY_PASSWORD_HASH, verifyPassword } from './password-hash';
import { AuthUser } from './auth-user';
import { ApiUsersRepository, StoredApiUser } from './ports/api-users.repository';
import { isUserName } from './user-admin.service';

/** Checks Basic credentials; an unknown user costs the same scrypt run as a wrong password. */
@Injectable()
export class CredentialsService {
  constructor(private readonly users: ApiUsersRepository) {}

  /** The user a login names; a name the users CLI could never have created is not looked up. */
  async find(name: string): Promise<StoredApiUser | null> {
    return isUserName(name) ? this.users.findByName(name) : null;
  }

  /** `found` is what find() gave for the name; null when the name or the password is wrong. */
  async verify(name: string, found: StoredApiUser | null, password: string): Promise<AuthUser | null> {
    if (!isUserName(name)) return null;
    const ok = await verifyPassword(password, found?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!found || !ok || found.disabled) return null;
    return { id: found.id, name: found.name, role: found.role, webshop: found.webshop, usage: found.usage };
  }
}
