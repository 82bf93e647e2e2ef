import { link, Link } from '../common/http/public-url';
import {
  AddressDto,
  AddressSearchHitDto,
  CustomerAddressesDto,
  LinkedAddressDto,
} from './dto/address-response.dto';
import { AddressInputDto } from './dto/address-input.dto';
import { ADDRESS_FIELDS, AddressRecord, CustomerAddressKeys, NewAddress } from './ports/addresses.repository';
import { SALUTATIONS } from './validation/address-validators';

/** The address fields of `a` in the spec's order (ADDRESS_FIELDS); absent ones are null. */
export function addressFields(a: { [K in keyof NewAddress]?: NewAddress[K] | null }): NewAddress {
  const fields: Record<string, unknown> = {};
  for (const field of ADDRESS_FIELDS) fields[field] = a[field] ?? null;
  return fields as unknown as NewAddress;
}

/** The API shape of an address: the whitelisted columns plus the salutation text. */
export function toAddressDto(a: AddressRecord): AddressDto {
  const { AdrSprache, EmailAdress, AdrAdresse1, AdrAdresse2, AdrAnrede, ...rest } = addressFields(a);
  return {
    AdrNr: a.AdrNr,
    AdrSprache,
    EmailAdress,
    AdrAdresse1,
    AdrAdresse2,
    AdrAnrede,
    AdrAnredeText: SALUTATIONS[a.AdrAnrede] ?? '',
    ...rest,
  };
}

const addressPath = (adrNr: number): string => `/www/adressen/${adrNr}`;

function linked(a: AddressRecord, base: string): LinkedAddressDto {
  return { ...toAddressDto(a), links: [link(base, addressPath(a.AdrNr), 'adressen')] };
}

/** The three roles of a customer, each a list (a shared address appears in every role it has). */
export function toCustomerAddresses(
  keys: CustomerAddressKeys,
  addresses: AddressRecord[],
  base: string,
): CustomerAddressesDto {
  const byNr = new Map(addresses.map((a) => [a.AdrNr, a]));
  const role = (adrNr: number): LinkedAddressDto[] => {
    const a = byNr.get(adrNr);
    return a ? [linked(a, base)] : [];
  };
  return {
    KundKontakt: role(keys.KundKontakt),
    KundLief: role(keys.KundLief),
    KundRech: role(keys.KundRech),
  };
}

/** The search hit: the customer's keys, GET and PATCH per address role, and the customer. */
export function toSearchHit(keys: CustomerAddressKeys, base: string): AddressSearchHitDto {
  const roles: Array<[string, number]> = [
    ['KundRech', keys.KundRech],
    ['KundKontakt', keys.KundKontakt],
    ['KundLief', keys.KundLief],
  ];
  const links: Link[] = roles.flatMap(([rel, adrNr]) => [
    link(base, addressPath(adrNr), `adressen ${rel}`, 'GET'),
    link(base, addressPath(adrNr), `adressen ${rel}`, 'PATCH'),
  ]);
  links.push(link(base, `/www/kunden/${encodeURIComponent(keys.DebiNr)}`, 'kunden', 'GET'));
  return {
    DebiNr: keys.DebiNr,
    KundLief: keys.KundLief,
    KundRech: keys.KundRech,
    KundKontakt: keys.KundKontakt,
    links,
  };
}

/** The columns of a new address row from a validated (and AdrCheck-corrected) request address. */
export function toNewAddress(a: AddressInputDto): NewAddress {
  return addressFields(a);
}
