import { OrderCustomer } from './ports/order-reference-data';
import { NewOrder, OrderPayment, ORDER_ADDRESS_ROLES, StoredOrder } from './ports/orders.repository';
import { summarize } from './order-calculation';
import { Decimal } from '../common/money';

/** The attributes a template offer must share with the customer, in the order they are reported. */
const TEMPLATE_MATCH_ATTRIBUTES = ['PreisListNr', 'PreisListTyp', 'KTNr', 'WUSTCode', 'WaehrAbk'] as const;

const same = (a: string | number | null, b: string | number | null): boolean =>
  String(a ?? '').trim() === String(b ?? '').trim();

/**
 * Which attributes keep an offer from becoming the customer's order. A customer's own offer
 * must belong to that customer. A template offer (no KundNr) must match the customer's price
 * list type, cost unit KTNr, tax code WUSTCode and currency; its PreisListNr counts only when
 * the template names one (templates are usually made per price-list type, not per list).
 */
export function offerMismatch(offer: StoredOrder, customer: OrderCustomer): string[] {
  const h = offer.head;
  if (h.KundNr !== null) return same(h.KundNr, customer.DebiNr) ? [] : ['KundNr'];
  return TEMPLATE_MATCH_ATTRIBUTES.filter((attribute) => {
    if (attribute === 'PreisListNr') return h.PreisListNr !== null && h.PreisListNr !== customer.PreisListNr;
    return !same(h[attribute], customer[attribute]);
  });
}

/**
 * The order an offer becomes: status N for the customer, the offer's lines and amounts as they
 * are, the offer's addresses where it has them (else the customer's), the PUT's payment labels.
 */
export function orderFromOffer(
  offer: StoredOrder,
  customer: OrderCustomer,
  payments: Array<Omit<OrderPayment, 'Key'>>,
  cashStep: Decimal,
  user: string,
  now: Date,
): NewOrder {
  const h = offer.head;
  const totals = summarize(offer.lines, cashStep);
  const own = { KontaktAdr: customer.KundKontakt, LiefAdr: customer.KundLief, RechAdr: customer.KundRech };
  return {
    head: {
      AuftStatus: 'N',
      KundNr: customer.DebiNr,
      AuftBez: h.AuftBez,
      AuftBestellNr: null,
      AuftBestellRef: h.AuftBestellRef,
      AuftBestellT: now,
      AuftLieferT: h.AuftLieferT,
      WaehrAbk: h.WaehrAbk,
      AuftKomment: h.AuftKomment,
      KTNr: h.KTNr ?? customer.KTNr,
      StaoNr: h.StaoNr,
      KundBedTyp: h.KundBedTyp,
      AuftLiefKost: h.AuftLiefKost,
      PreisListNr: h.PreisListNr ?? customer.PreisListNr,
      PreisListTyp: h.PreisListTyp ?? customer.PreisListTyp,
      WUSTCode: h.WUSTCode ?? customer.WUSTCode,
      AuftSummeNetto: totals.net,
      AuftSummeWUST: totals.tax,
      AuftSummeBrutto: totals.gross,
      OffertNr: h.AuftNr,
      FolgeAuftNr: null,
      ErfasstVon: user,
      AuftErf: now,
      GeaendertAm: now,
    },
    lines: offer.lines.map((l) => ({ ...l })),
    addresses: ORDER_ADDRESS_ROLES.map((role) => ({
      role,
      AdrNr: offer.addresses[role]?.AdrNr ?? own[role],
    })),
    payments,
  };
}
