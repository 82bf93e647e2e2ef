import { AddressEntity } from '@app/erp-db';
import { NewAddress } from './ports/addresses.repository';

/**
 * The Adressen row of a new address, the one mapping of every writer of addresses (a customer's
 * own, a single order's delivery or invoice address).
 */
export function addressRow(a: NewAddress, user: string, now: Date): Omit<AddressEntity, 'AdrNr'> {
  return { ...a, ErfasstVon: user, ErfasstAm: now, GeaendertAm: now };
}
