import type { PendingEvent } from '../../events/erp-events';
import { NewAddress } from '../../addresses/ports/addresses.repository';

/** The customer columns the API writes (POST GrundDaten, PUT). */
export interface CustomerFields {
  KundBez: string | null;
  WaehrAbk: string;
  BrancheID: string | null;
  Kommentar: string | null;
  VBTyp: string | null;
  TVTyp: string | null;
  FAKTZahlArt: string | null;
  AUFT_SPESEN: string | null;
  SteuerNummer: string | null;
  FirmenURL: string | null;
  KreditLimit: number;
  ZahlungsMethode: string | null;
}

/** The columns of CustomerFields, in the table's order: the PUT allow-list and the columns read. */
export const CUSTOMER_FIELDS: ReadonlyArray<keyof CustomerFields> = [
  'KundBez',
  'WaehrAbk',
  'BrancheID',
  'Kommentar',
  'VBTyp',
  'TVTyp',
  'FAKTZahlArt',
  'AUFT_SPESEN',
  'SteuerNummer',
  'FirmenURL',
  'KreditLimit',
  'ZahlungsMethode',
];

/** The addresses of a new customer; a missing delivery or billing address is the contact address. */
export interface NewCustomerAddresses {
  kontakt: NewAddress;
  lief: NewAddress | null;
  rech: NewAddress | null;
}

export interface CustomerRecord extends CustomerFields {
  DebiNr: string;
  KundKontakt: number;
  KundLief: number;
  KundRech: number;
  /** Language of the contact address. */
  AdrSprache: string | null;
}

export interface CustomerAttribute {
  PHKey: string;
  Contents: string | null;
}

export interface CustomerWithAttributes {
  customer: CustomerRecord;
  /** In PHKey order. */
  attributes: CustomerAttribute[];
  /** The customer row's change stamp (GeaendertAm), part of its entity tag. */
  changedAt: Date;
}

export interface CustomerOrder {
  AuftNr: string;
  AuftStatus: string;
  AuftErf: Date;
}

/** The customer row changed between the read of a conditional update and its write. */
export class CustomerChanged extends Error {}

/** Port: customers (Debitor), their attributes and orders; a write's event (outbox row) commits with it. */
export abstract class CustomersRepository {
  /**
   * Customer and addresses in one transaction, the number from the DEBITOR range; `webshop` (the
   * creating user's) is written as the customer's web-shop attribute (D12). Returns DebiNr.
   */
  abstract create(
    customer: CustomerFields,
    addresses: NewCustomerAddresses,
    user: string,
    webshop: string | null,
    event: PendingEvent | null,
  ): Promise<string>;
  /** The customer with its attributes; null when it does not exist or `webshop` (when given) is not its. */
  abstract find(debiNr: string, webshop: string | null): Promise<CustomerWithAttributes | null>;
  /** Orders (not offers), newest entry first; `statuses` limits the plan status. */
  abstract latestOrders(debiNr: string, limit: number, statuses: string[]): Promise<CustomerOrder[]>;
  /**
   * False when the customer does not exist. With `expected` (the customer as read for an If-Match)
   * the update is conditional on the row being as read, checked in the same statement: otherwise
   * it writes nothing and throws CustomerChanged.
   */
  abstract update(
    debiNr: string,
    changes: Partial<CustomerFields>,
    event: PendingEvent | null,
    expected?: CustomerWithAttributes,
  ): Promise<boolean>;
  abstract currencyExists(code: string): Promise<boolean>;
}
