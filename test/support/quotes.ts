/**
 * What a quote (POST /www/auftrag/kalkulation) and the order made from the same body (GET
 * /www/auftrag/{AuftNr}) may differ in: the order's number, its entry time, and the numbers of the
 * body's own addresses, which only storing the order gives them (the quote shows null).
 */
interface OrderShape {
  GrundDaten: Record<string, unknown>;
  Adressen: Record<string, { AdrNr: number | null } & Record<string, unknown>>;
  [section: string]: unknown;
}

/** The order as it is apart from what only storing it decides; `quote` names the new addresses. */
export function comparableOrder(order: OrderShape, quote: OrderShape): OrderShape {
  const { AuftNr: _number, AuftErfUTC: _entered, ...head } = order.GrundDaten;
  const addresses = Object.fromEntries(
    Object.entries(order.Adressen).map(([role, address]) => [
      role,
      quote.Adressen[role]?.AdrNr === null && typeof address.AdrNr === 'number'
        ? { ...address, AdrNr: null }
        : address,
    ]),
  );
  return { ...order, GrundDaten: head, Adressen: addresses };
}

/** The quote without its entry time (the time it was priced). */
export function comparableQuote(quote: OrderShape): OrderShape {
  const { AuftErfUTC: _entered, ...head } = quote.GrundDaten;
  return { ...quote, GrundDaten: head };
}
