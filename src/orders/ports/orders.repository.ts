import type { NewAddress } from '../../addresses/ports/addresses.repository';
import { Decimal } from '../../common/money';
import type { PendingEvent } from '../../events/erp-events';
import type { CalculatedLine } from '../order-calculation';

export type OrderAddressRole = 'KontaktAdr' | 'LiefAdr' | 'RechAdr';

export const ORDER_ADDRESS_ROLES: readonly OrderAddressRole[] = ['KontaktAdr', 'LiefAdr', 'RechAdr'];

/** The order head as stored (Auftrag); money as exact decimals. */
export interface OrderHead {
  AuftNr: string;
  AuftStatus: string;
  KundNr: string | null;
  AuftBez: string | null;
  AuftBestellNr: string | null;
  AuftBestellRef: string | null;
  AuftBestellT: Date | null;
  AuftLieferT: Date | null;
  WaehrAbk: string;
  AuftKomment: string | null;
  KTNr: string | null;
  StaoNr: number | null;
  KundBedTyp: number | null;
  AuftLiefKost: Decimal | null;
  PreisListNr: number | null;
  PreisListTyp: string | null;
  WUSTCode: string | null;
  AuftSummeNetto: Decimal;
  AuftSummeWUST: Decimal;
  AuftSummeBrutto: Decimal;
  OffertNr: string | null;
  FolgeAuftNr: string | null;
  ErfasstVon: string | null;
  AuftErf: Date;
  GeaendertAm: Date;
}

/** One order line (AuftragPos): the article and the money fields of order-calculation.ts. */
export interface OrderLine extends Omit<CalculatedLine, 'WUSTCode'> {
  PosNr: number;
  VisPosNr: number | null;
  ArtNr: string;
  PosBez: string | null;
  /** Nullable in AuftragPos (a calculated line always has one). */
  WUSTCode: string | null;
  GRabBez: Decimal | null;
}

/** The address fields an order shows and an order-only address stores: the same row as any address. */
export type OrderAddressData = NewAddress;

export interface StoredOrderAddress extends OrderAddressData {
  AdrNr: number;
}

export interface OrderPayment {
  Key: string;
  Bezeichnung: string | null;
  Wert: string | null;
}

/** The payments of an order with their Key: "1", "2", … in the order sent (unique inside the order). */
export function numberedPayments(payments: Array<Omit<OrderPayment, 'Key'>>): OrderPayment[] {
  return payments.map((p, i) => ({ Key: String(i + 1), ...p }));
}

export interface StoredOrder {
  head: OrderHead;
  lines: OrderLine[];
  addresses: Partial<Record<OrderAddressRole, StoredOrderAddress>>;
  payments: OrderPayment[];
}

/** An address role of a new order: one of the customer's addresses, or a new order-only one. */
export type NewOrderAddress =
  { role: OrderAddressRole; AdrNr: number } | { role: OrderAddressRole; address: OrderAddressData };

/** Everything of a new order but its number, which the repository draws inside the transaction. */
export interface NewOrder {
  head: Omit<OrderHead, 'AuftNr'>;
  lines: OrderLine[];
  addresses: NewOrderAddress[];
  payments: Array<Omit<OrderPayment, 'Key'>>;
}

export type CreateOrderOutcome =
  | { created: true; AuftNr: string }
  /** An order with the same KundNr + AuftBestellNr existed (possibly committed a moment ago). */
  | { created: false; AuftNr: string };

export type ConvertOfferOutcome =
  | { converted: true; AuftNr: string }
  /** The offer had been converted already (possibly by a concurrent request). */
  | { converted: false; AuftNr: string };

/**
 * Port: orders and offers. A write's event (outbox row, keyed by the new AuftNr) commits with it.
 * Writes are one transaction each: all rows or none, numbers from the
 * AUFTRAG range that never repeat, even under concurrent requests from several instances.
 */
export abstract class OrdersRepository {
  /**
   * The order or offer; null when there is none or, given a web shop, its customer is not in it
   * (an order without customer, a template offer, is in every web shop; D12).
   */
  abstract find(auftNr: string, webshop: string | null): Promise<StoredOrder | null>;
  /** Whether the order exists and is in the web shop, by the rule of find (one index read). */
  abstract inWebshop(auftNr: string, webshop: string): Promise<boolean>;
  abstract findByCustomerOrderNumber(kundNr: string, auftBestellNr: string): Promise<string | null>;
  /** Creates the order unless KundNr + AuftBestellNr exists already (then answers that order). */
  abstract create(order: NewOrder, event: PendingEvent | null): Promise<CreateOrderOutcome>;
  /** Creates the order and records it on the offer (FolgeAuftNr), unless that happened before. */
  abstract convertOffer(
    offerNr: string,
    order: NewOrder,
    event: PendingEvent | null,
  ): Promise<ConvertOfferOutcome>;
}
