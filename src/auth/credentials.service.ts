import { Injectable } from '@nestjs/common';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '@app/erp-db';
import { AuthUser } from './auth-user';
import { ApiUsersRepository } from './ports/api-users.repository';

/** Checks Basic credentials; an unknown user costs the same scrypt run as a wrong password. */
@Injectable()
export class CredentialsService {
  constructor(private readonly users: ApiUsersRepository) {}

  async verify(name: string, password: string): Promise<AuthUser | null> {
    const user = await this.users.findByName(name);
    const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!user || !ok || user.disabled) return null;
    return { id: user.id, name: user.name, role: user.role, webshop: user.webshop, usage: user.usage };
  }
}
