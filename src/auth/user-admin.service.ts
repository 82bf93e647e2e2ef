import { Injectable } from '@nestjs/common';
import { hashPassword } from './password-hash';
import type { ApiRole } from '@app/erp-db';
import { ApiTokensRepository } from './ports/api-tokens.repository';
import { AccessEnd, ApiUsersRepository, StoredApiUser } from './ports/api-users.repository';

/** A request the administrator has to correct (shown as it is, exit code 1). */
export class UserAdminError extends Error {}

const API_ROLES: readonly ApiRole[] = ['shop', 'admin'];
const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 1024;
/** Basic authentication cannot carry a ':' in the user id; blanks would be invisible in logs. */
const USER_NAME = /^[\p{L}\p{N}._@-]{1,64}$/u;

/** Whether a name follows the users CLI's rule (a login with any other name cannot succeed). */
export function isUserName(name: string): boolean {
  return USER_NAME.test(name);
}

/** Matched against comma-separated attribute lists, so no commas or blanks. */
const MATCH_VALUE = /^[^\s,]{1,36}$/;

export interface NewUserRequest {
  name: string;
  role: string;
  webshop?: string;
  usage?: string;
}

export type ListedUser = Omit<StoredApiUser, 'passwordHash'>;

/** What the users CLI does: create, list, disable/enable users, reset passwords, revoke tokens. */
@Injectable()
export class UserAdminService {
  constructor(
    private readonly users: ApiUsersRepository,
    private readonly tokens: ApiTokensRepository,
  ) {}

  async add(request: NewUserRequest, password: string): Promise<ListedUser> {
    if (!isUserName(request.name))
      throw new UserAdminError('The user name takes 1-64 letters, digits, ".", "_", "@" or "-".');
    if (!(API_ROLES as readonly string[]).includes(request.role))
      throw new UserAdminError(`--role must be one of ${API_ROLES.join(', ')}.`);
    for (const [option, value] of [
      ['--webshop', request.webshop],
      ['--usage', request.usage],
    ] as const) {
      if (value !== undefined && !MATCH_VALUE.test(value))
        throw new UserAdminError(`${option} takes 1-36 characters without blanks or commas.`);
    }
    checkPassword(password);
    if (await this.users.findByName(request.name))
      throw new UserAdminError(`User ${request.name} exists already.`);
    const { passwordHash: _hash, ...user } = await this.users.create({
      name: request.name,
      passwordHash: await hashPassword(password),
      role: request.role as ApiRole,
      webshop: request.webshop ?? null,
      usage: request.usage ?? null,
    });
    return user;
  }

  async list(): Promise<ListedUser[]> {
    return (await this.users.list()).map(({ passwordHash: _hash, ...user }) => user);
  }

  /**
   * A disabled user can no longer log in, its tokens are revoked (enabling it later brings none
   * back; they stop working within the cache time) and its webhooks are disabled, all at once.
   */
  async setDisabled(name: string, disabled: boolean): Promise<void> {
    const user = await this.users.findByName(name);
    const end = user && disabled ? accessEnd(user.id, 'the user was disabled') : null;
    if (!user || !(await this.users.setDisabled(name, disabled, end))) throw unknownUser(name);
  }

  /**
   * A reset password also ends every token of the user (whoever knew the old one may hold one);
   * returns how many were revoked.
   */
  async changePassword(name: string, password: string): Promise<number> {
    checkPassword(password);
    const user = await this.users.findByName(name);
    if (!user) throw unknownUser(name);
    const end = accessEnd(user.id, "the user's password was reset");
    const revoked = await this.users.setPasswordHash(name, await hashPassword(password), end);
    if (revoked === null) throw unknownUser(name);
    return revoked;
  }

  /** Revokes every token of the user; returns how many were not revoked yet. */
  async revokeTokens(name: string): Promise<number> {
    const user = await this.users.findByName(name);
    if (!user) throw unknownUser(name);
    return this.users.endAccess(accessEnd(user.id, "the user's tokens were revoked"));
  }
}

/** Whoever held the user's access may have registered webhooks: they end with it. */
function accessEnd(userId: number, why: string): AccessEnd {
  const at = new Date();
  return {
    userId,
    at,
    webhookReason: `Disabled at ${at.toISOString()}: ${why}; register the webhook again if it is still wanted.`,
  };
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH)
    throw new UserAdminError(
      `The password needs ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`,
    );
}

function unknownUser(name: string): UserAdminError {
  return new UserAdminError(`There is no user ${name}.`);
}
