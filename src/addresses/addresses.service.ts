import { Injectable } from '@nestjs/common';
import { INDEXED_SEARCH_FIELDS } from '@app/erp-db';
import { AuthUser } from '../auth/auth-user';
import { ApiError } from '../common/errors/api-error';
import { preconditionFailed } from '../common/http/conditional-requests';
import { CustomerScope, webshopScope } from '../scope/customer-scope';
import { customerNotFound } from '../customers/customers.service';
import { AddressCheckService } from './address-check.service';
import { ADDRESS_FIELD_LENGTHS, AddressTextField } from './dto/address-input.dto';
import { AddressPatchDto } from './dto/address-patch.dto';
import { AddressSearchQuery } from './dto/address-search.query';
import {
  ADDRESS_FIELDS,
  AddressChanged,
  AddressScanTimedOut,
  AddressChanges,
  AddressCriteria,
  AddressesRepository,
  CustomerAddresses,
  CustomerAddressKeys,
  StoredAddress,
} from './ports/addresses.repository';
import { hasText } from './validation/address-validators';

const PATCHABLE: ReadonlyArray<keyof AddressChanges> = ADDRESS_FIELDS;

/** Every text column of an address can be searched (AdrAnrede is a number). */
const SEARCHABLE = Object.keys(ADDRESS_FIELD_LENGTHS) as AddressTextField[];

export const addressNotFound = (adrNr: number | string): ApiError =>
  ApiError.notFound(`Address ${adrNr} does not exist.`, { AdrNr: adrNr });

@Injectable()
export class AddressesService {
  constructor(
    private readonly addresses: AddressesRepository,
    private readonly check: AddressCheckService,
    private readonly scope: CustomerScope,
  ) {}

  /** D12: an address outside the user's web shop is answered like one that does not exist. */
  async get(adrNr: number, user: AuthUser): Promise<StoredAddress> {
    if (!(await this.scope.address(user, adrNr))) throw addressNotFound(adrNr);
    const found = await this.addresses.findByNr(adrNr);
    if (!found) throw addressNotFound(adrNr);
    return found;
  }

  async ofCustomer(debiNr: string, user: AuthUser): Promise<CustomerAddresses> {
    // The scope test (D12) runs in the read: out of scope reads as unknown.
    const found = await this.addresses.customerAddresses(debiNr, webshopScope(user));
    if (!found) throw customerNotFound(debiNr);
    return found;
  }

  /**
   * Applies the given fields; a changed place (country, postal code, town) goes through AdrCheck.
   * With a precondition (If-Match) the address as read is checked, and the write is conditional on
   * the row being as read: a change in between fails it with 412 and nothing is written.
   */
  async patch(
    adrNr: number,
    patch: AddressPatchDto,
    user: AuthUser,
    precondition?: (current: StoredAddress) => void,
  ): Promise<void> {
    // Two valid values that contradict each other: a rule of the request, not of one field (422).
    if (patch.Anrede !== undefined && patch.AdrAnrede !== undefined && patch.Anrede !== patch.AdrAnrede) {
      throw ApiError.unprocessable('Anrede and AdrAnrede disagree; send one of them.', [
        { field: 'Anrede', message: 'Anrede is an alias of AdrAnrede and must not differ from it' },
      ]);
    }
    const stored = await this.get(adrNr, user);
    precondition?.(stored);
    const current = stored.address;
    const changes: AddressChanges = {};
    for (const field of PATCHABLE) {
      const value = (patch as Record<string, unknown>)[field];
      if (value !== undefined) (changes as Record<string, unknown>)[field] = value;
    }
    if (patch.Anrede !== undefined) changes.AdrAnrede = patch.Anrede;
    const merged = { ...current, ...changes };
    if (!hasText(merged.AdrFirma) && !hasText(merged.AdrName)) {
      throw ApiError.unprocessable('The address would have neither AdrFirma nor AdrName.', [
        { field: 'AdrName', message: 'one of AdrFirma or AdrName must remain' },
      ]);
    }
    const placeChanged = ['OrtLand', 'OrtPLZ', 'OrtName'].some((f) => f in changes);
    if (placeChanged || (patch.AdrCheck ?? null) !== null) {
      const checked = await this.check.checkAndCorrect({ ...merged, AdrCheck: patch.AdrCheck }, '');
      if (checked.OrtName !== current.OrtName) changes.OrtName = checked.OrtName;
      if (checked.OrtPLZ !== current.OrtPLZ) changes.OrtPLZ = checked.OrtPLZ;
    }
    const expected = precondition ? stored : undefined;
    const updated = await this.addresses.update(adrNr, changes, expected).catch((e: unknown) => {
      throw e instanceof AddressChanged ? preconditionFailed() : e;
    });
    if (!updated) throw addressNotFound(adrNr);
  }

  /** The one customer whose address matches; 404 for none, 409 with the count for several, 422 without criteria. */
  async search(query: AddressSearchQuery, user: AuthUser): Promise<CustomerAddressKeys> {
    const criteria: AddressCriteria = {};
    for (const field of SEARCHABLE) {
      const value = query[field];
      if (value !== undefined) criteria[field] = value;
    }
    if (Object.keys(criteria).length === 0) {
      throw ApiError.unprocessable(`Give at least one search parameter: ${SEARCHABLE.join(', ')}.`);
    }
    const result = await this.addresses.searchCustomer(criteria, webshopScope(user)).catch((err: unknown) => {
      if (!(err instanceof AddressScanTimedOut)) throw err;
      throw new ApiError(
        503,
        'service_unavailable',
        `A search by these fields alone reads every address and took too long; add one of ${INDEXED_SEARCH_FIELDS.join(', ')}.`,
        { indexedFields: [...INDEXED_SEARCH_FIELDS] },
        { 'Retry-After': '1' },
      );
    });
    if (result.customer) return result.customer;
    if (result.count === 0) throw ApiError.notFound('No customer has an address matching the search.');
    throw ApiError.conflict(
      `${result.count} customers have an address matching the search; narrow it down.`,
      {
        count: result.count,
      },
    );
  }
}
