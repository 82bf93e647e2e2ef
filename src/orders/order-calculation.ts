import { cashRound, Decimal, dec, roundMoney } from '../common/money';

/**
 * Products of 4-decimal quantities and prices can exceed decimal.js's default 20 significant
 * digits; the line arithmetic runs at a precision where nothing is rounded before roundMoney.
 */
const Exact = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

interface LineTax {
  code: string;
  rate: Decimal;
}

/** A line's inputs: base-unit quantity, the unit price (per packaging unit when `packaging` is set). */
interface LineInput {
  quantity: Decimal;
  unitPrice: Decimal;
  packaging: { unit: string; factor: Decimal } | null;
  discountPercent: Decimal | null;
  tax: LineTax;
}

/** The stored money fields of one line, exact decimals (PosPreisTotal and tax at 0.01). */
export interface CalculatedLine {
  PosAnzBest: Decimal;
  PosPreisBasis: Decimal;
  PosPreisEinzel: Decimal;
  PosPreisTotal: Decimal;
  PosPreisWUSTBetrag: Decimal;
  VPEAnzBest: Decimal | null;
  VPEPreisEinzel: Decimal | null;
  VPEinheit: string | null;
  WUSTSatz: Decimal;
  WUSTCode: string;
  GRabSatz: Decimal | null;
}

/** Base units per packaging unit must divide the quantity: a packaging unit is sold whole. */
export function packagingQuantity(quantity: Decimal, factor: Decimal): Decimal | null {
  if (factor.lte(0)) return null;
  const units = new Exact(quantity.toString()).div(factor.toString());
  return units.isInteger() ? dec(units.toString()) : null;
}

/**
 * One line: total = quantity x unit price x (100 - discount) / 100, half-up to the cent;
 * tax = total x rate / 100, half-up to the cent. With a packaging unit the quantity counts in
 * packaging units (VPEAnzBest = PosAnzBest / factor) and the price is the packaging unit's.
 */
export function calculateLine(input: LineInput): CalculatedLine {
  const vpeQuantity = input.packaging ? packagingQuantity(input.quantity, input.packaging.factor) : null;
  if (input.packaging && vpeQuantity === null)
    throw new RangeError('The quantity is not a whole number of packaging units.');
  const pricedQuantity = vpeQuantity ?? input.quantity;
  const discount = input.discountPercent ?? new Decimal(0);
  const gross = new Exact(pricedQuantity.toString()).times(input.unitPrice.toString());
  const total = roundMoney(gross.times(new Exact(100).minus(discount.toString())).div(100).toString());
  const tax = roundMoney(new Exact(total.toString()).times(input.tax.rate.toString()).div(100).toString());
  const basePrice = input.packaging
    ? dec(
        new Exact(input.unitPrice.toString())
          .div(input.packaging.factor.toString())
          .toDecimalPlaces(4, Decimal.ROUND_HALF_UP)
          .toString(),
      )
    : input.unitPrice;
  return {
    PosAnzBest: input.quantity,
    PosPreisBasis: basePrice,
    PosPreisEinzel: basePrice,
    PosPreisTotal: total,
    PosPreisWUSTBetrag: tax,
    VPEAnzBest: vpeQuantity,
    VPEPreisEinzel: input.packaging ? input.unitPrice : null,
    VPEinheit: input.packaging?.unit ?? null,
    WUSTSatz: input.tax.rate,
    WUSTCode: input.tax.code,
    GRabSatz: input.discountPercent,
  };
}

/** What the recap and the totals read from a line (stored or freshly calculated). */
export interface LineAmounts {
  PosPreisTotal: Decimal;
  PosPreisWUSTBetrag: Decimal;
  WUSTSatz: Decimal;
  WUSTCode: string | null;
}

interface RateSummary {
  code: string | null;
  rate: Decimal;
  net: Decimal;
  tax: Decimal;
}

interface OrderTotals {
  net: Decimal;
  tax: Decimal;
  /** net + tax after the currency's cash rounding. */
  gross: Decimal;
  perRate: RateSummary[];
}

/**
 * Totals and the tax recap: one entry per tax code and rate whose net and tax are the sums of
 * that rate's (already rounded) lines, so the recap always matches the lines to the cent.
 */
export function summarize(lines: LineAmounts[], cashStep: Decimal): OrderTotals {
  const groups = new Map<string, RateSummary>();
  let net = new Decimal(0);
  let tax = new Decimal(0);
  for (const line of lines) {
    const key = `${line.WUSTCode ?? ''}\u0000${line.WUSTSatz.toString()}`;
    const group = groups.get(key) ?? { code: line.WUSTCode, rate: line.WUSTSatz, net: dec(0), tax: dec(0) };
    group.net = group.net.plus(line.PosPreisTotal);
    group.tax = group.tax.plus(line.PosPreisWUSTBetrag);
    groups.set(key, group);
    net = net.plus(line.PosPreisTotal);
    tax = tax.plus(line.PosPreisWUSTBetrag);
  }
  const perRate = [...groups.values()].sort(
    (a, b) => a.rate.comparedTo(b.rate) || (a.code ?? '').localeCompare(b.code ?? ''),
  );
  return { net, tax, gross: cashRound(net.plus(tax), cashStep), perRate };
}
