import { toNewAddress } from '../addresses/address.mapper';
import { Injectable } from '@nestjs/common';
import { AddressCheckService } from '../addresses/address-check.service';
import { AddressInputDto } from '../addresses/dto/address-input.dto';
import { AddressesRepository } from '../addresses/ports/addresses.repository';
import { AuthUser, userWebshop } from '../auth/auth-user';
import { ApiError, FieldProblem } from '../common/errors/api-error';
import { Decimal, dec } from '../common/money';
import { EventRecorder } from '../events/event-recorder';
import { webshopScope } from '../scope/customer-scope';
import { PriceDetermination } from '../pricing/ports/price-determination';
import { ConvertOfferDto } from './dto/convert-offer.dto';
import { CreateOrderDto } from './dto/create-order.dto';
import { OrderDetailDto, OrderQuoteDto } from './dto/order-response.dto';
import { PaymentInputDto } from './dto/payment-input.dto';
import { offerMismatch, orderFromOffer } from './offer-conversion';
import { summarize } from './order-calculation';
import { checkLines, priceLines } from './order-lines';
import { QuotedOrder, toOrderDetail, toOrderQuote } from './order.mapper';
import { parseIsoDateTime } from './dto/order-validators';
import { OrderCustomer, OrderReferenceData, TaxCodeInfo } from './ports/order-reference-data';
import {
  NewOrder,
  NewOrderAddress,
  numberedPayments,
  ORDER_ADDRESS_ROLES,
  OrderPayment,
  OrdersRepository,
} from './ports/orders.repository';

/** Largest gross total an order may reach: 15 significant digits stay exact as JSON numbers. */
const MAX_ORDER_TOTAL = new Decimal('9999999999999.99');

/** A body checked and priced: what POST stores, or the order its KundNr + AuftBestellNr names already. */
type PreparedOrder =
  | { existingAuftNr: string }
  | {
      existingAuftNr: null;
      order: NewOrder;
      /** The tax codes of the lines, for the recap. */
      taxCodes: Map<string, TaxCodeInfo>;
    };

interface OrderCreation {
  AuftNr: string;
  /** False when KundNr + AuftBestellNr named an existing order: nothing was written. */
  created: boolean;
}

@Injectable()
export class OrdersService {
  constructor(
    private readonly reference: OrderReferenceData,
    private readonly orders: OrdersRepository,
    private readonly prices: PriceDetermination,
    private readonly addressCheck: AddressCheckService,
    private readonly events: EventRecorder,
    private readonly customerAddresses: AddressesRepository,
  ) {}

  /** D12: orders and offers follow their customer (the scope test runs in the order's read). */
  async get(auftNr: string, user: AuthUser): Promise<OrderDetailDto> {
    const webshop = webshopScope(user);
    const order = await this.orders.find(auftNr, webshop);
    if (!order) throw ApiError.notFound(`There is no order or offer ${auftNr}.`);
    const codes = [...new Set(order.lines.map((l) => l.WUSTCode).filter((c): c is string => c !== null))];
    const [taxCodes, followUp] = await Promise.all([
      this.reference.taxCodes(codes),
      this.visibleOrder(order.head.FolgeAuftNr, webshop),
    ]);
    return toOrderDetail({ ...order, head: { ...order.head, FolgeAuftNr: followUp } }, taxCodes);
  }

  /**
   * The order number when the user may see that order, else null: a template offer is every
   * shop's, the order it became belongs to one customer's shop only (D12).
   */
  private async visibleOrder(auftNr: string | null, webshop: string | null): Promise<string | null> {
    if (auftNr === null || webshop === null) return auftNr;
    return (await this.orders.inWebshop(auftNr, webshop)) ? auftNr : null;
  }

  async create(dto: CreateOrderDto, user: AuthUser): Promise<OrderCreation> {
    const prepared = await this.prepare(dto, user);
    if (prepared.existingAuftNr !== null) return { AuftNr: prepared.existingAuftNr, created: false };
    const { order } = prepared;
    return this.events.record(
      { event: 'REST_Auft', action: 'created', user: user.name },
      (event) => this.orders.create(order, event),
      (outcome) => outcome.created,
    );
  }

  /**
   * The order POST would create from this body, priced by the same code and shown like GET; reads
   * only: no number is drawn, nothing is stored, no event is recorded.
   */
  async quote(dto: CreateOrderDto, user: AuthUser): Promise<OrderQuoteDto> {
    // The customer's addresses (for the roles the body does not override, as GET will show them)
    // are read beside the preparation, in the same scope: no round trip more than POST's.
    const [prepared, own] = await Promise.all([
      this.prepare(dto, user),
      this.customerAddresses.customerAddresses(dto.GrundDaten.KundNr, webshopScope(user)),
    ]);
    if (prepared.existingAuftNr !== null) {
      const auftNr = prepared.existingAuftNr;
      throw ApiError.conflict(
        `Order ${auftNr} has this KundNr and AuftBestellNr already; POST would answer it and create nothing.`,
        { AuftNr: auftNr },
      );
    }
    const { order, taxCodes } = prepared;
    const byNr = new Map((own?.addresses ?? []).map((a) => [a.AdrNr, a]));
    const addresses: QuotedOrder['addresses'] = {};
    for (const a of order.addresses) {
      const shown = 'AdrNr' in a ? byNr.get(a.AdrNr) : { ...a.address, AdrNr: null };
      if (shown !== undefined) addresses[a.role] = shown;
    }
    return toOrderQuote({ ...order, addresses, payments: numberedPayments(order.payments) }, taxCodes);
  }

  /**
   * What POST stores for a body, checked and priced (D5, D7, D12): the order without its number,
   * or the order that has the body's KundNr + AuftBestellNr already.
   */
  private async prepare(dto: CreateOrderDto, user: AuthUser): Promise<PreparedOrder> {
    const h = dto.GrundDaten;
    const bestellNr = h.AuftBestellNr ?? null;
    const company = await this.reference.company();
    const waehrAbk = (h.WaehrAbk ?? company.Leitwaehrung).toUpperCase();
    const artNrs = [...new Set(dto.Positionen.map((p) => p.ArtNr))];
    const unpriced = [...new Set(dto.Positionen.filter((p) => p.Preis == null).map((p) => p.ArtNr))];
    // In parallel (the settings are cached): the existing order, the customer in the user's scope
    // (D12) and the articles it may order in one statement; the customer's price lists, then their
    // prices (of no use if the customer turns out unknown, but asked at the same time). A customer
    // outside the user's web shop is as unknown as one that does not exist.
    const webshops = { articles: userWebshop(user.webshop), customers: webshopScope(user) };
    const [found, tiers, cashStep, storeOk] = await Promise.all([
      this.reference.lookUp(h.KundNr, bestellNr, artNrs, webshops),
      unpriced.length === 0
        ? new Map()
        : this.prices.determinePrices(unpriced, { debiNr: h.KundNr, waehrAbk }),
      this.reference.cashRounding(waehrAbk),
      h.StaoNr == null ? true : this.reference.storeExists(h.StaoNr),
    ]);
    if (found.existingAuftNr !== null) return { existingAuftNr: found.existingAuftNr };
    const { articles, orderable, customer } = found;

    const problems: FieldProblem[] = [];
    if (!customer) problems.push({ field: 'GrundDaten.KundNr', message: `unknown customer "${h.KundNr}"` });
    if (!cashStep) problems.push({ field: 'GrundDaten.WaehrAbk', message: `unknown currency "${waehrAbk}"` });
    if (!storeOk) problems.push({ field: 'GrundDaten.StaoNr', message: `unknown location ${h.StaoNr}` });
    const ctx = {
      debiNr: h.KundNr,
      waehrAbk,
      articles,
      orderable,
      standardTaxCode: company.StandardWUSTCode,
    };
    const checked = checkLines(dto.Positionen, ctx);
    problems.push(...checked.problems);
    if (problems.length > 0 || !customer || !cashStep) throw unprocessable(problems);

    const taxCodes = await this.reference.taxCodes([...new Set(checked.lines.map((l) => l.taxCode))]);
    const priced = priceLines(checked.lines, ctx, taxCodes, tiers);
    if (priced.problems.length > 0) throw unprocessable(priced.problems);
    const totals = summarize(priced.lines, cashStep);
    if (totals.gross.gt(MAX_ORDER_TOTAL))
      throw ApiError.unprocessable(`The order total exceeds ${MAX_ORDER_TOTAL.toString()}.`);
    const addresses = await this.orderAddresses(dto, customer);

    const now = new Date();
    const order: NewOrder = {
      head: {
        AuftStatus: 'N',
        KundNr: customer.DebiNr,
        AuftBez: h.AuftBez ?? null,
        AuftBestellNr: bestellNr,
        AuftBestellRef: h.AuftBestellRef ?? null,
        AuftBestellT: h.AuftBestellT == null ? null : parseIsoDateTime(h.AuftBestellT),
        AuftLieferT: h.AuftLieferT == null ? null : parseIsoDateTime(h.AuftLieferT),
        WaehrAbk: waehrAbk,
        AuftKomment: h.AuftKomment ?? null,
        KTNr: h.KTNr ?? customer.KTNr,
        StaoNr: h.StaoNr ?? null,
        KundBedTyp: h.KundBedTyp ?? null,
        AuftLiefKost: h.AuftLiefKost == null ? null : dec(h.AuftLiefKost),
        PreisListNr: customer.PreisListNr,
        PreisListTyp: customer.PreisListTyp,
        WUSTCode: customer.WUSTCode,
        AuftSummeNetto: totals.net,
        AuftSummeWUST: totals.tax,
        AuftSummeBrutto: totals.gross,
        OffertNr: null,
        FolgeAuftNr: null,
        ErfasstVon: user.name,
        AuftErf: now,
        GeaendertAm: now,
      },
      lines: priced.lines,
      addresses,
      payments: payments(dto.Zahlung),
    };
    return { existingAuftNr: null, order, taxCodes };
  }

  /** PUT: the offer becomes an order once (D5); a template offer only for a matching customer. */
  async convert(dto: ConvertOfferDto, user: AuthUser): Promise<string> {
    const { KundNr, OffertNr } = dto.GrundDaten;
    const webshop = webshopScope(user);
    const offer = await this.orders.find(OffertNr, webshop);
    if (!offer || offer.head.AuftStatus !== 'P')
      throw ApiError.notFound(`There is no offer ${OffertNr} (an order with status P).`, { OffertNr });
    // The customer before the offer's state: a customer of another shop learns nothing of the offer.
    const customer = await this.reference.customer(KundNr, webshop);
    if (!customer)
      throw unprocessable([{ field: 'GrundDaten.KundNr', message: `unknown customer "${KundNr}"` }]);
    if (offer.head.FolgeAuftNr !== null)
      throw alreadyConverted(OffertNr, await this.visibleOrder(offer.head.FolgeAuftNr, webshop));
    const mismatch = offerMismatch(offer, customer);
    if (mismatch.length > 0) {
      throw ApiError.conflict(
        `Offer ${OffertNr} does not match customer ${KundNr}: ${mismatch.join(', ')}.`,
        { mismatch, OffertNr, KundNr },
      );
    }
    const cashStep = (await this.reference.cashRounding(offer.head.WaehrAbk)) ?? new Decimal(0.01);
    const order = orderFromOffer(offer, customer, payments(dto.Zahlung), cashStep, user.name, new Date());
    const outcome = await this.events.record(
      { event: 'REST_Auft', action: 'converted', user: user.name },
      (event) => this.orders.convertOffer(OffertNr, order, event),
      (converted) => converted.converted,
    );
    if (!outcome.converted)
      throw alreadyConverted(OffertNr, await this.visibleOrder(outcome.AuftNr, webshop));
    return outcome.AuftNr;
  }

  /** The customer's own addresses, replaced per role by the order's (checked by AdrCheck). */
  private async orderAddresses(dto: CreateOrderDto, customer: OrderCustomer): Promise<NewOrderAddress[]> {
    const own = { KontaktAdr: customer.KundKontakt, LiefAdr: customer.KundLief, RechAdr: customer.KundRech };
    const given = ORDER_ADDRESS_ROLES.filter((role) => dto.Adressen?.[role] != null);
    const checked = await this.addressCheck.checkAll(
      given.map((role) => ({ address: dto.Adressen?.[role] as AddressInputDto, path: `Adressen.${role}` })),
    );
    const overrides = new Map(given.map((role, i) => [role, toNewAddress(checked[i])]));
    return ORDER_ADDRESS_ROLES.map((role) => {
      const address = overrides.get(role);
      return address ? { role, address } : { role, AdrNr: own[role] };
    });
  }
}

function unprocessable(problems: FieldProblem[]): ApiError {
  const fields = problems.map((p) => p.field).join(', ');
  return ApiError.unprocessable(
    `The order refers to data that does not exist or cannot be used: ${fields}.`,
    problems,
  );
}

/** `auftNr` null: the order it became is out of the user's web shop, so not named. */
function alreadyConverted(offerNr: string, auftNr: string | null): ApiError {
  const into = auftNr === null ? 'an order' : `order ${auftNr}`;
  return ApiError.conflict(`Offer ${offerNr} has already been converted into ${into}.`, {
    AuftNr: auftNr,
    OffertNr: offerNr,
  });
}

function payments(input: PaymentInputDto[] | null | undefined): Array<Omit<OrderPayment, 'Key'>> {
  return (input ?? []).map((p) => ({ Bezeichnung: p.Bezeichnung ?? null, Wert: p.Wert ?? null }));
}
