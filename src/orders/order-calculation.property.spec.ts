import fc from 'fast-check';
import { Decimal, dec } from '../common/money';
import { calculateLine, summarize } from './order-calculation';
import { toOrderDetail } from './order.mapper';
import { TaxCodeInfo } from './ports/order-reference-data';
import { OrderLine, StoredOrder } from './ports/orders.repository';

/**
 * Thousands of random orders through the line calculation, the totals and the response mapper,
 * checked against an independent oracle in integer (BigInt) arithmetic on scaled values.
 */

interface LineCase {
  /** Quantity x 10^4, price x 10^4, discount x 10^3 (or null), tax rate x 10^3. */
  quantity: bigint;
  price: bigint;
  discount: bigint | null;
  rate: bigint;
  /** Packaging factor x 10^4 (null = base unit). */
  factor: bigint | null;
}

interface OrderCase {
  currency: { code: string; step: string };
  lines: LineCase[];
  storedAsNumbers: boolean;
}

const CURRENCIES = [
  { code: 'CHF', step: '0.05' },
  { code: 'EUR', step: '0.01' },
  { code: 'USD', step: '0.01' },
  { code: 'SEK', step: '0.1' },
];
const RATES = [0n, 2500n, 2600n, 3800n, 7000n, 7700n, 8100n, 19000n, 20000n, 25500n];
const FACTORS = [10000n, 60000n, 5000n, 120000n, 2400000n, 2500n];

const scaled = (value: bigint, places: number): string => {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return (negative ? '-' : '') + text;
};

/** Half-up integer division for non-negative numerators. */
const divHalfUp = (n: bigint, d: bigint): bigint => (2n * n + d) / (2n * d);

/** A decimal with up to `places` decimals, as an integer times 10^places. */
const anyScaled = (maxUnits: number, places: number): fc.Arbitrary<bigint> =>
  fc
    .tuple(
      fc.integer({ min: 0, max: maxUnits }),
      fc.integer({ min: 0, max: 10 ** places - 1 }),
      fc.nat(places),
    )
    .map(([units, fraction, keep]) => {
      const unit = BigInt(10 ** places);
      const cut = BigInt(10 ** (places - keep));
      return BigInt(units) * unit + (BigInt(fraction) / cut) * cut;
    });

const lineCase: fc.Arbitrary<LineCase> = fc
  .record({
    baseQuantity: anyScaled(100_000, 4).filter((q) => q > 0n),
    packages: fc.integer({ min: 1, max: 500 }),
    price: anyScaled(1_000_000, 4),
    discount: fc.option(
      anyScaled(100, 3).map((d) => (d > 100_000n ? 100_000n : d)),
      { nil: null },
    ),
    rate: fc.constantFrom(...RATES),
    factor: fc.option(fc.constantFrom(...FACTORS), { nil: null }),
  })
  .map((r) => ({
    quantity: r.factor === null ? r.baseQuantity : BigInt(r.packages) * r.factor,
    price: r.price,
    discount: r.discount,
    rate: r.rate,
    factor: r.factor,
  }));

const orderCase: fc.Arbitrary<OrderCase> = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  lines: fc.array(lineCase, { minLength: 1, maxLength: 12 }),
  storedAsNumbers: fc.boolean(),
});

/** Expected cents of a line: total and tax, from scaled integers only. */
function oracle(l: LineCase): { total: bigint; tax: bigint } {
  const priced = l.factor === null ? l.quantity : (l.quantity * 10_000n) / l.factor; // x 10^4
  const discount = l.discount ?? 0n; // x 10^3
  // quantity(10^4) * price(10^4) * (100000 - discount)(10^3) / 100 -> cents: divide by 10^11 / 100
  const total = divHalfUp(priced * l.price * (100_000n - discount), 1_000_000_000n * 100n);
  const tax = divHalfUp(total * l.rate, 100_000n);
  return { total, tax };
}

/** The values a database hands back: exact strings (pg, mssql) or JS numbers (sqlite). */
function throughDatabase(d: Decimal, asNumber: boolean): Decimal {
  return asNumber ? dec(Number(d.toFixed())) : dec(d.toFixed());
}

function buildOrder(c: OrderCase): { order: StoredOrder; taxCodes: Map<string, TaxCodeInfo> } {
  const taxCodes = new Map<string, TaxCodeInfo>();
  const lines: OrderLine[] = c.lines.map((l, i) => {
    const code = `R${l.rate}`;
    const rate = dec(scaled(l.rate, 3));
    taxCodes.set(code, {
      WUSTCode: code,
      WUSTSatz: rate,
      WUSTBez: `Satz ${rate.toString()} %`,
      WUSTKlasse: 'X',
      VSTSZiffer: null,
      USTSZiffer: null,
      USTUZiffer: null,
    });
    const calculated = calculateLine({
      quantity: dec(scaled(l.quantity, 4)),
      unitPrice: dec(scaled(l.price, 4)),
      packaging: l.factor === null ? null : { unit: 'VPE', factor: dec(scaled(l.factor, 4)) },
      discountPercent: l.discount === null ? null : dec(scaled(l.discount, 3)),
      tax: { code, rate },
    });
    const db = (d: Decimal): Decimal => throughDatabase(d, c.storedAsNumbers);
    const dbOrNull = (d: Decimal | null): Decimal | null => (d === null ? null : db(d));
    return {
      PosNr: i + 1,
      VisPosNr: i + 1,
      ArtNr: String(1000 + i),
      PosBez: null,
      PosAnzBest: db(calculated.PosAnzBest),
      PosPreisBasis: db(calculated.PosPreisBasis),
      PosPreisEinzel: db(calculated.PosPreisEinzel),
      PosPreisTotal: db(calculated.PosPreisTotal),
      PosPreisWUSTBetrag: db(calculated.PosPreisWUSTBetrag),
      VPEAnzBest: dbOrNull(calculated.VPEAnzBest),
      VPEPreisEinzel: dbOrNull(calculated.VPEPreisEinzel),
      VPEinheit: calculated.VPEinheit,
      WUSTSatz: db(calculated.WUSTSatz),
      WUSTCode: calculated.WUSTCode,
      GRabSatz: dbOrNull(calculated.GRabSatz),
      GRabBez: null,
    };
  });
  const totals = summarize(lines, dec(c.currency.step));
  const now = new Date('2026-03-01T10:00:00.123Z');
  const order: StoredOrder = {
    head: {
      AuftNr: '100003',
      AuftStatus: 'N',
      KundNr: '10001',
      AuftBez: null,
      AuftBestellNr: null,
      AuftBestellRef: null,
      AuftBestellT: now,
      AuftLieferT: null,
      WaehrAbk: c.currency.code,
      AuftKomment: null,
      KTNr: null,
      StaoNr: null,
      KundBedTyp: null,
      AuftLiefKost: null,
      PreisListNr: null,
      PreisListTyp: null,
      WUSTCode: null,
      AuftSummeNetto: totals.net,
      AuftSummeWUST: totals.tax,
      AuftSummeBrutto: totals.gross,
      OffertNr: null,
      FolgeAuftNr: null,
      ErfasstVon: 'demo',
      AuftErf: now,
      GeaendertAm: now,
    },
    lines,
    addresses: {},
    payments: [],
  };
  return { order, taxCodes };
}

/** Cents of a JSON number's text (exact: parsed as a decimal string, never as a float sum). */
const cents = (n: number): bigint => BigInt(dec(String(n)).times(100).toFixed(0));

/** Every numeric token in the JSON text: plain decimal notation with at most `places` decimals. */
function numberTokens(jsonText: string): string[] {
  return [...jsonText.matchAll(/[:[,](-?\d[\d.eE+-]*)/g)].map((m) => m[1]);
}

describe('order money: property over random orders', () => {
  it('recap entries equal the sums of their lines, total = net + tax, no float artefacts', () => {
    fc.assert(
      fc.property(orderCase, (c) => {
        const { order, taxCodes } = buildOrder(c);
        const text = JSON.stringify({ data: toOrderDetail(order, taxCodes) });
        const artefacts = numberTokens(text).filter((t) => !/^-?\d+(\.\d{1,4})?$/.test(t));
        const body = JSON.parse(text) as { data: ReturnType<typeof toOrderDetail> };
        const { Positionen, MWSTRekapitulation, GrundDaten } = body.data;
        const problems: string[] = artefacts.map((t) => `float artefact ${t}`);
        const check = (what: string, actual: bigint, expected: bigint): void => {
          if (actual !== expected) problems.push(`${what}: ${actual} != ${expected}`);
        };

        let net = 0n;
        let tax = 0n;
        c.lines.forEach((l, i) => {
          const expected = oracle(l);
          check(`line ${i} total`, cents(Positionen[i].PosPreisTotal), expected.total);
          check(`line ${i} tax`, cents(Positionen[i].PosPreisWUSTBetrag), expected.tax);
          net += expected.total;
          tax += expected.tax;
        });

        const rates = new Set(Positionen.map((p) => String(p.WUSTSatz)));
        check('recap entries', BigInt(MWSTRekapitulation.length), BigInt(rates.size));
        for (const entry of MWSTRekapitulation) {
          const atRate = Positionen.filter((p) => p.WUSTSatz === entry.PosWUSTSatz);
          const rate = `rate ${entry.PosWUSTSatz}`;
          check(
            `${rate} net`,
            cents(entry.PosBetragNetto),
            atRate.reduce((s, p) => s + cents(p.PosPreisTotal), 0n),
          );
          check(
            `${rate} tax`,
            cents(entry.PosWUST),
            atRate.reduce((s, p) => s + cents(p.PosPreisWUSTBetrag), 0n),
          );
          if (entry.Abschnitt !== 'MWST' || entry.WaehrAbk !== c.currency.code)
            problems.push(`${rate} marker`);
        }

        check('net', cents(GrundDaten.AuftSummeNetto), net);
        check('tax', cents(GrundDaten.AuftSummeWUST), tax);
        const step = BigInt(dec(c.currency.step).times(100).toFixed(0));
        check('gross', cents(GrundDaten.AuftSummeBrutto), divHalfUp(net + tax, step) * step);
        if (step === 1n) check('gross = net + tax', cents(GrundDaten.AuftSummeBrutto), net + tax);
        expect(problems).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });
});
