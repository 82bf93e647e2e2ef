/** Demo data: orders and offers, computed like every order of the service. */
import { EntityManager } from 'typeorm';
import {
  CustomerEntity,
  NumberRangeEntity,
  OrderAddressEntity,
  OrderEntity,
  OrderLineEntity,
  OrderPaymentEntity,
} from '../entities';
// The seed computes its orders with the service's own order maths (one rule, one place).
import { dec } from '../../../../src/common/money';
import { calculateLine, summarize } from '../../../../src/orders/order-calculation';
import { bulkInsert } from './bulk-insert';
import { DEMO_TIME, TAX_CODES } from './demo-fixtures';

const TAX_RATE: Record<string, string> = Object.fromEntries(TAX_CODES.map((t) => [t.WUSTCode, t.WUSTSatz]));

/** The first generated order's number: after the fixture orders 100001 and 100002. */
const FIRST_GENERATED_ORDER = 100_003;
/** Offer numbers (the fixtures 500001-500003, then the OFFERTE range): generated orders skip them. */
export const OFFER_NUMBERS = { first: 500_001, last: 999_999 } as const;

/**
 * The number of the i-th generated order (0-based): counting up from 100003 and jumping over the
 * offer numbers, so that any number of orders stays clear of the fixture offers and of the offers
 * the ERP numbers next.
 */
export function generatedOrderNumber(i: number): number {
  const n = FIRST_GENERATED_ORDER + i;
  return n < OFFER_NUMBERS.first ? n : n + (OFFER_NUMBERS.last - OFFER_NUMBERS.first + 1);
}

interface LineSeed {
  artNr: string;
  bez: string;
  qty: number;
  price: string;
  taxCode: string;
  discount?: number;
}

interface OrderSeed {
  AuftNr: string;
  AuftStatus: string;
  KundNr: string | null;
  WaehrAbk: string;
  rounding: string;
  erf: Date;
  lines: LineSeed[];
  addresses?: [number, number, number];
  extra?: Partial<OrderEntity>;
}

/** The order's lines and head, computed like every order of the service (order-calculation.ts). */
function buildOrder(o: OrderSeed): { head: OrderEntity; lines: OrderLineEntity[] } {
  const calculated = o.lines.map((l) =>
    calculateLine({
      quantity: dec(l.qty),
      unitPrice: dec(l.price),
      packaging: null,
      discountPercent: l.discount === undefined ? null : dec(l.discount),
      tax: { code: l.taxCode, rate: dec(TAX_RATE[l.taxCode]) },
    }),
  );
  const totals = summarize(calculated, dec(o.rounding));
  const lines = o.lines.map((l, i) => {
    return {
      AuftNr: o.AuftNr,
      PosNr: i + 1,
      VisPosNr: i + 1,
      ArtNr: l.artNr,
      PosBez: l.bez,
      PosAnzBest: String(l.qty),
      PosPreisBasis: l.price,
      PosPreisEinzel: l.price,
      PosPreisTotal: calculated[i].PosPreisTotal.toFixed(2),
      PosPreisWUSTBetrag: calculated[i].PosPreisWUSTBetrag.toFixed(2),
      VPEAnzBest: null,
      VPEPreisEinzel: null,
      VPEinheit: null,
      WUSTSatz: TAX_RATE[l.taxCode],
      WUSTCode: l.taxCode,
      GRabSatz: l.discount === undefined ? null : String(l.discount),
      GRabBez: null,
    } as OrderLineEntity;
  });
  const head: OrderEntity = {
    AuftNr: o.AuftNr,
    AuftStatus: o.AuftStatus,
    KundNr: o.KundNr,
    AuftBez: null,
    AuftBestellNr: null,
    AuftBestellRef: null,
    AuftBestellT: o.erf,
    AuftLieferT: null,
    WaehrAbk: o.WaehrAbk,
    AuftKomment: null,
    KTNr: '100',
    StaoNr: 1,
    KundBedTyp: null,
    AuftLiefKost: null,
    PreisListNr: null,
    PreisListTyp: 'HAENDLER',
    WUSTCode: 'CH81',
    AuftSummeNetto: totals.net.toFixed(2),
    AuftSummeWUST: totals.tax.toFixed(2),
    AuftSummeBrutto: totals.gross.toFixed(2),
    OffertNr: null,
    FolgeAuftNr: null,
    ErfasstVon: 'seed',
    AuftErf: o.erf,
    GeaendertAm: o.erf,
    ...o.extra,
  };
  return { head, lines };
}

/** The fixture orders and offers, then `generated` orders spread over the customers; AUFTRAG and OFFERTE ranges. */
export async function seedOrders(m: EntityManager, customers: number, generated: number): Promise<void> {
  const c = await m.getRepository(CustomerEntity).findOneByOrFail({ DebiNr: '10001' });
  const roles = (auftNr: string, adr: [number, number, number]): OrderAddressEntity[] => [
    { AuftNr: auftNr, AdrArt: 'KontaktAdr', AdrNr: adr[0] },
    { AuftNr: auftNr, AdrArt: 'LiefAdr', AdrNr: adr[1] },
    { AuftNr: auftNr, AdrArt: 'RechAdr', AdrNr: adr[2] },
  ];
  const coffee = { artNr: '1000', bez: 'Kaffeebohnen Crème Röstung 1 kg', taxCode: 'CH26' };
  const water = { artNr: '1004', bez: 'Mineralwasser still 1,5 l', taxCode: 'CH26' };
  const mixer = { artNr: '1001', bez: 'Küchenmaschine „Profi“ 1000 W', taxCode: 'CH81' };
  const day = (d: number): Date => new Date(DEMO_TIME.getTime() + d * 86400000);
  const muster: [number, number, number] = [c.KundKontakt, c.KundLief, c.KundRech];
  const fixtures: OrderSeed[] = [
    {
      AuftNr: '100001',
      AuftStatus: 'N',
      KundNr: '10001',
      WaehrAbk: 'CHF',
      rounding: '0.05',
      erf: day(3),
      addresses: muster,
      lines: [
        { ...coffee, qty: 12, price: '18.50' },
        { ...mixer, qty: 1, price: '349.00', discount: 5 },
      ],
      extra: { AuftBestellNr: 'SHOP-2026-0001', AuftBez: 'Webshop-Bestellung' },
    },
    {
      AuftNr: '100002',
      AuftStatus: 'A',
      KundNr: '10001',
      WaehrAbk: 'CHF',
      rounding: '0.05',
      erf: day(1),
      addresses: muster,
      lines: [{ ...water, qty: 24, price: '0.95' }],
    },
    {
      AuftNr: '500001',
      AuftStatus: 'P',
      KundNr: '10001',
      WaehrAbk: 'CHF',
      rounding: '0.05',
      erf: day(2),
      addresses: muster,
      lines: [
        { ...coffee, qty: 20, price: '18.50' },
        { ...mixer, qty: 2, price: '339.00' },
      ],
      extra: { AuftBez: 'Offerte Muster AG' },
    },
    {
      AuftNr: '500002',
      AuftStatus: 'P',
      KundNr: null,
      WaehrAbk: 'CHF',
      rounding: '0.05',
      erf: day(2),
      lines: [{ ...coffee, qty: 6, price: '19.80' }],
      extra: { AuftBez: 'Vorlage Händler CHF' },
    },
    {
      AuftNr: '500003',
      AuftStatus: 'P',
      KundNr: null,
      WaehrAbk: 'EUR',
      rounding: '0.01',
      erf: day(2),
      lines: [{ ...coffee, qty: 6, price: '21.00' }],
      extra: { AuftBez: 'Vorlage Händler EUR' },
    },
  ];
  const heads: OrderEntity[] = [];
  const allLines: OrderLineEntity[] = [];
  const allRoles: OrderAddressEntity[] = [];
  const flush = async (): Promise<void> => {
    await bulkInsert(m, OrderEntity, heads.splice(0));
    await bulkInsert(m, OrderLineEntity, allLines.splice(0));
    await bulkInsert(m, OrderAddressEntity, allRoles.splice(0));
  };
  const add = (o: OrderSeed): void => {
    const { head, lines } = buildOrder(o);
    heads.push(head);
    allLines.push(...lines);
    if (o.addresses) allRoles.push(...roles(o.AuftNr, o.addresses));
  };
  fixtures.forEach(add);
  await bulkInsert(m, OrderPaymentEntity, []);
  const customerRows =
    customers > 2
      ? await m
          .getRepository(CustomerEntity)
          .find({ select: ['DebiNr', 'KundKontakt', 'WaehrAbk'], order: { DebiNr: 'ASC' } })
      : [];
  const pool = customerRows.filter((r) => r.DebiNr > '10002');
  for (let i = 0; i < generated; i++) {
    const cust = pool.length > 0 ? pool[i % pool.length] : null;
    const auftNr = String(generatedOrderNumber(i));
    const chf = !cust || cust.WaehrAbk === 'CHF';
    const artA = 1006 + ((i * 7) % 250);
    add({
      AuftNr: auftNr,
      AuftStatus: ['N', 'O', 'A'][i % 3],
      KundNr: cust ? cust.DebiNr : '10001',
      WaehrAbk: chf ? 'CHF' : 'EUR',
      rounding: chf ? '0.05' : '0.01',
      erf: day(10 + (i % 300)),
      addresses: cust ? [cust.KundKontakt, cust.KundKontakt, cust.KundKontakt] : muster,
      lines: [
        { artNr: String(artA), bez: `Artikel ${artA}`, qty: 1 + (i % 5), price: '12.90', taxCode: 'CH81' },
        { ...coffee, qty: 2, price: '24.90' },
        { ...water, qty: 6, price: '0.95', discount: 10 },
      ],
    });
    if (heads.length >= 2000) await flush();
  }
  await flush();
  await bulkInsert(m, NumberRangeEntity, [
    // The service draws its order numbers after the last generated one.
    {
      Name: 'AUFTRAG',
      LetzteNr: generated > 0 ? generatedOrderNumber(generated - 1) : 100002,
      Bezeichnung: 'Auftragsnummern',
    },
    { Name: 'OFFERTE', LetzteNr: 500003, Bezeichnung: 'Offertnummern' },
  ]);
}
