import { addressFields } from '../addresses/address.mapper';
import { isoUtc } from '../common/http/dates';
import { Decimal, toJsonNumber } from '../common/money';
import { LineAmounts, summarize } from './order-calculation';
import {
  OrderAddressDto,
  OrderDetailDto,
  OrderLineDto,
  OrderQuoteDto,
  OrderQuoteHeaderDto,
  PaymentDto,
  TaxRecapEntryDto,
} from './dto/order-response.dto';
import { TaxCodeInfo } from './ports/order-reference-data';
import {
  ORDER_ADDRESS_ROLES,
  OrderAddressData,
  OrderAddressRole,
  OrderHead,
  OrderLine,
  OrderPayment,
  StoredOrder,
} from './ports/orders.repository';

/** The fixed marker every MWSTRekapitulation entry carries in `Abschnitt`. */
const TAX_RECAP_SECTION = 'MWST';

/** Older ERP data may carry the international vehicle code instead of ISO 3166 alpha-2. */
const VEHICLE_CODES = new Map<string, string>([
  ['A', 'AT'],
  ['B', 'BE'],
  ['D', 'DE'],
  ['E', 'ES'],
  ['F', 'FR'],
  ['FL', 'LI'],
  ['I', 'IT'],
  ['L', 'LU'],
  ['P', 'PT'],
  ['UK', 'GB'],
  ['USA', 'US'],
]);

function isoCountry(ortLand: string | null): string | null {
  const code = (ortLand ?? '').trim().toUpperCase();
  return VEHICLE_CODES.get(code) ?? (/^[A-Z]{2}$/.test(code) ? code : null);
}

const num = (d: Decimal | null): number | null => (d === null ? null : toJsonNumber(d));
const date = (d: Date | null): string | null => (d === null ? null : isoUtc(d));

/** The head fields but the number (a quote has none). */
function header(h: Omit<OrderHead, 'AuftNr'>): OrderQuoteHeaderDto {
  return {
    AuftBez: h.AuftBez,
    AuftBestellNr: h.AuftBestellNr,
    AuftBestellRef: h.AuftBestellRef,
    AuftBestellTUTC: date(h.AuftBestellT),
    AuftLieferTUTC: date(h.AuftLieferT),
    WaehrAbk: h.WaehrAbk,
    AuftKomment: h.AuftKomment,
    KundBedTyp: h.KundBedTyp,
    AuftLiefKost: num(h.AuftLiefKost),
    StaoNr: h.StaoNr,
    AuftStatus: h.AuftStatus,
    KundNr: h.KundNr,
    KTNr: h.KTNr,
    PreisListNr: h.PreisListNr,
    PreisListTyp: h.PreisListTyp,
    WUSTCode: h.WUSTCode,
    AuftSummeNetto: toJsonNumber(h.AuftSummeNetto),
    AuftSummeWUST: toJsonNumber(h.AuftSummeWUST),
    AuftSummeBrutto: toJsonNumber(h.AuftSummeBrutto),
    OffertNr: h.OffertNr,
    FolgeAuftNr: h.FolgeAuftNr,
    ErfasstVon: h.ErfasstVon,
    AuftErfUTC: isoUtc(h.AuftErf),
  };
}

function address<N extends number | null>(
  a: OrderAddressData & { AdrNr: N },
): Omit<OrderAddressDto, 'AdrNr'> & { AdrNr: N } {
  return { AdrNr: a.AdrNr, ...addressFields(a), ISOLandA2: isoCountry(a.OrtLand) };
}

function line(l: OrderLine): OrderLineDto {
  return {
    PosNr: l.PosNr,
    VisPosNr: l.VisPosNr,
    ArtNr: l.ArtNr,
    PosBez: l.PosBez,
    PosAnzBest: toJsonNumber(l.PosAnzBest),
    PosPreisBasis: toJsonNumber(l.PosPreisBasis),
    PosPreisEinzel: toJsonNumber(l.PosPreisEinzel),
    PosPreisTotal: toJsonNumber(l.PosPreisTotal),
    PosPreisWUSTBetrag: toJsonNumber(l.PosPreisWUSTBetrag),
    VPEAnzBest: num(l.VPEAnzBest),
    VPEPreisEinzel: num(l.VPEPreisEinzel),
    VPEinheit: l.VPEinheit,
    WUSTSatz: toJsonNumber(l.WUSTSatz),
    GRabSatz: num(l.GRabSatz),
    GRabBez: num(l.GRabBez),
  };
}

/** One recap entry per tax code and rate, summed from the lines (never stored itself). */
function taxRecap(
  order: { head: { WaehrAbk: string }; lines: LineAmounts[] },
  taxCodes: Map<string, TaxCodeInfo>,
): TaxRecapEntryDto[] {
  return summarize(order.lines, new Decimal(0.01)).perRate.map((r) => {
    const code = r.code === null ? undefined : taxCodes.get(r.code);
    return {
      Abschnitt: TAX_RECAP_SECTION,
      WaehrAbk: order.head.WaehrAbk,
      PosWUST: toJsonNumber(r.tax),
      PosVSTSZiffer: code?.VSTSZiffer ?? null,
      PosWUSTSatz: toJsonNumber(r.rate),
      PosWUSTBez: code?.WUSTBez ?? null,
      PosBetragNetto: toJsonNumber(r.net),
      PosUSTSZiffer: code?.USTSZiffer ?? null,
      PosWUSTCode: r.code,
      PosWUSTKlasse: code?.WUSTKlasse ?? null,
      PosUSTUZiffer: code?.USTUZiffer ?? null,
    };
  });
}

/** An order as GET shows it, stored or (a quote) not: addresses without a number are not stored. */
interface ShownOrder<N extends number | null> {
  head: Omit<OrderHead, 'AuftNr'>;
  lines: OrderLine[];
  addresses: Partial<Record<OrderAddressRole, OrderAddressData & { AdrNr: N }>>;
  payments: OrderPayment[];
}

/** What POST would store for a body: the customer's own addresses with their AdrNr, the body's with null. */
export type QuotedOrder = ShownOrder<number | null>;

/** Every section but GrundDaten, whitelisted into the API shape. */
function sections<N extends number | null>(order: ShownOrder<N>) {
  const adressen: Partial<Record<OrderAddressRole, ReturnType<typeof address<N>>>> = {};
  for (const role of ORDER_ADDRESS_ROLES) {
    const shown = order.addresses[role];
    if (shown !== undefined) adressen[role] = address(shown);
  }
  const zahlung: PaymentDto[] = order.payments.map((p) => ({
    Bezeichnung: p.Bezeichnung,
    Wert: p.Wert,
    Key: p.Key,
  }));
  return { adressen, positionen: order.lines.map(line), zahlung };
}

/** Whitelists the stored order into the API shape of GET /www/auftrag/{AuftNr}. */
export function toOrderDetail(order: StoredOrder, taxCodes: Map<string, TaxCodeInfo>): OrderDetailDto {
  const { adressen, positionen, zahlung } = sections(order);
  return {
    GrundDaten: { AuftNr: order.head.AuftNr, ...header(order.head) },
    Adressen: adressen,
    Positionen: positionen,
    MWSTRekapitulation: taxRecap(order, taxCodes),
    Zahlung: zahlung,
  };
}

/** The same shape for an order that is only priced: no AuftNr, AdrNr null for the body's addresses. */
export function toOrderQuote(order: QuotedOrder, taxCodes: Map<string, TaxCodeInfo>): OrderQuoteDto {
  const { adressen, positionen, zahlung } = sections(order);
  return {
    GrundDaten: header(order.head),
    Adressen: adressen,
    Positionen: positionen,
    MWSTRekapitulation: taxRecap(order, taxCodes),
    Zahlung: zahlung,
  };
}
