import { Injectable } from '@nestjs/common';
import { AuthUser, userWebshop } from '../auth/auth-user';
import { CustomerScopeStore } from './ports/customer-scope.store';

/** The fields only role admin may write (D12), in the spec's spelling. */
export const BACK_OFFICE_FIELDS = ['KreditLimit', 'PreisListNr', 'PreisListTyp'] as const;

/**
 * The web shop a user is confined to (D12), or null when it sees every customer: admins and
 * users without a web-shop value (integration users).
 */
export function webshopScope(user: Pick<AuthUser, 'role' | 'webshop'>): string | null {
  if (user.role === 'admin') return null;
  return userWebshop(user.webshop);
}

/**
 * D12 object-level scoping: a web-shop user reads, changes and orders for the customers of its
 * web shop only, and sees only their addresses and orders. Callers answer 404 for anything out of
 * scope, exactly as for something that does not exist.
 */
@Injectable()
export class CustomerScope {
  constructor(private readonly store: CustomerScopeStore) {}

  async customer(user: AuthUser, debiNr: string): Promise<boolean> {
    const webshop = webshopScope(user);
    if (webshop === null) return true;
    return (await this.store.customersOf(webshop, [debiNr])).has(debiNr);
  }

  async address(user: AuthUser, adrNr: number): Promise<boolean> {
    const webshop = webshopScope(user);
    return webshop === null || this.store.addressOf(webshop, adrNr);
  }
}
