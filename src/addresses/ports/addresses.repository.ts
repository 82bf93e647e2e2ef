import { AddressTextField } from '../dto/address-input.dto';

/** An address as stored (Adressen), the fields the API shows. */
export interface AddressRecord {
  AdrNr: number;
  AdrSprache: string | null;
  EmailAdress: string | null;
  AdrAdresse1: string | null;
  AdrAdresse2: string | null;
  AdrAnrede: number;
  AdrFax: string | null;
  AdrFirma: string | null;
  AdrFirma2: string | null;
  AdrVorname: string | null;
  AdrName: string | null;
  AdrTelex: string | null;
  AdrTf1: string | null;
  AdrTf2: string | null;
  OrtLand: string | null;
  OrtName: string | null;
  OrtPLZ: string | null;
}

/** The columns of an address row to insert. */
export type NewAddress = Omit<AddressRecord, 'AdrNr'>;

/** The address fields besides the key, in the spec's order: what may be stored, read and patched. */
export const ADDRESS_FIELDS: ReadonlyArray<keyof NewAddress> = [
  'AdrSprache',
  'EmailAdress',
  'AdrAdresse1',
  'AdrAdresse2',
  'AdrAnrede',
  'AdrFax',
  'AdrFirma',
  'AdrFirma2',
  'AdrVorname',
  'AdrName',
  'AdrTelex',
  'AdrTf1',
  'AdrTf2',
  'OrtLand',
  'OrtName',
  'OrtPLZ',
];

export type AddressChanges = Partial<Omit<AddressRecord, 'AdrNr'>>;

/** A customer's three address keys. */
export interface CustomerAddressKeys {
  DebiNr: string;
  KundKontakt: number;
  KundLief: number;
  KundRech: number;
}

export interface CustomerAddresses {
  keys: CustomerAddressKeys;
  addresses: AddressRecord[];
}

/** Search criteria: field -> value, compared ignoring case and surrounding blanks. */
export type AddressCriteria = Partial<Record<AddressTextField, string>>;

export interface AddressSearchResult {
  /** Number of distinct customers with an address matching every criterion. */
  count: number;
  /** The customer when exactly one matches. */
  customer: CustomerAddressKeys | null;
}

/** An address with its row's change stamp (GeaendertAm), the version of its representation. */
export interface StoredAddress {
  address: AddressRecord;
  changedAt: Date;
}

/** The address row changed between the read of a conditional update and its write. */
export class AddressChanged extends Error {}

/** A search by unindexed fields only read every address and ran out of its time (D13). */
export class AddressScanTimedOut extends Error {}

/** Port: addresses and the customer address roles that point at them. */
export abstract class AddressesRepository {
  abstract findByNr(adrNr: number): Promise<StoredAddress | null>;
  /**
   * The customer's address roles and the addresses they point at (in one read); null when the
   * customer does not exist or, given a web shop, is not in it (D12).
   */
  abstract customerAddresses(debiNr: string, webshop: string | null): Promise<CustomerAddresses | null>;
  /**
   * False when the address does not exist. With `expected` (the address as read for an If-Match)
   * the update is conditional on the row being as read, in the same statement: otherwise it
   * writes nothing and throws AddressChanged.
   */
  abstract update(adrNr: number, changes: AddressChanges, expected?: StoredAddress): Promise<boolean>;
  /** `webshop`: only customers of that web shop count (D12); null = every customer. */
  abstract searchCustomer(criteria: AddressCriteria, webshop: string | null): Promise<AddressSearchResult>;
}
