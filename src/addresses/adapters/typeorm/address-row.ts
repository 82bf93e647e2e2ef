import { AddressEntity } from '@app/erp-db';
import { NewAddress } from '../../ports/addresses.repository';

/** The Adressen row of a new address (of a customer or of a single order). */
export function addressRow(a: NewAddress, user: string, now: Date): Omit<AddressEntity, 'AdrNr'> {
  return { ...a, ErfasstVon: user, ErfasstAm: now, GeaendertAm: now };
}
