import fc from 'fast-check';
import request from 'supertest';
import { bytes, createTestApp, TestApp } from './support/test-app';

/**
 * Random orders through HTTP and the database (SQLite stores decimals as numbers, PostgreSQL as
 * exact decimals): every line, recap entry and total read back must match an integer oracle, and
 * no JSON number may carry a float artefact. The unit property test covers thousands of orders;
 * this one proves the same through the whole stack.
 */
describe('orders: money through HTTP and the database (property)', () => {
  let t: TestApp;
  let token: string;
  /** Effective tax rate x 1000 per article (its own code, else the company standard). */
  const rates = new Map<string, bigint>();
  const ARTICLES = ['1000', '1001', '1004', '1005', '1014', '1017'];
  const PACKAGING: Record<string, Array<[string, bigint]>> = {
    '1000': [
      ['KAR', 6n],
      ['PAL', 240n],
    ],
    '1004': [['KAR', 6n]],
  };
  const CASH_STEP: Record<string, bigint> = { CHF: 5n, EUR: 1n, USD: 1n };

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.token();
    const rows: Array<{ ArtNr: string; WUSTSatz: string | number }> = await t.dataSource.query(
      `SELECT a."ArtNr", m."WUSTSatz" FROM "Artikel" a
       JOIN "MWSTCode" m ON m."WUSTCode" = COALESCE(a."WUSTCode", (SELECT "StandardWUSTCode" FROM "Firma"))
       WHERE a."ArtNr" IN ('${ARTICLES.join("','")}')`,
    );
    for (const r of rows) rates.set(r.ArtNr, BigInt(Math.round(Number(r.WUSTSatz) * 1000)));
  });
  afterAll(async () => {
    await t.close();
  });

  const scaled = (v: bigint, places: number): number => Number(v) / 10 ** places;
  /** Exact cents of a JSON number token's text. */
  const cents = (text: string): bigint => {
    const [whole, fraction = ''] = text.split('.');
    return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  };
  const divHalfUp = (n: bigint, d: bigint): bigint => (2n * n + d) / (2n * d);

  const line = fc.record({
    article: fc.constantFrom(...ARTICLES),
    units: fc.integer({ min: 1, max: 400 }),
    fraction: fc.integer({ min: 0, max: 9999 }),
    price: fc.integer({ min: 0, max: 9_999_999 }),
    pricePlaces: fc.integer({ min: 0, max: 4 }),
    discount: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
    packaging: fc.boolean(),
  });

  it('every recap entry equals the sum of its lines, total = net + tax (cash-rounded), no float artefacts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          currency: fc.constantFrom('CHF', 'EUR', 'USD'),
          lines: fc.array(line, { minLength: 1, maxLength: 8 }),
        }),
        async ({ currency, lines }) => {
          const expected: Array<{ total: bigint; tax: bigint; rate: bigint }> = [];
          const positionen = lines.map((l) => {
            const units =
              PACKAGING[l.article] && l.packaging
                ? PACKAGING[l.article][l.units % PACKAGING[l.article].length]
                : null;
            // quantity x 10^4; with a packaging unit a whole number of packages
            const quantity = units
              ? BigInt(l.units) * units[1] * 10_000n
              : BigInt(l.units) * 10_000n + BigInt(l.fraction);
            const price =
              (BigInt(l.price) / 10n ** BigInt(4 - l.pricePlaces)) * 10n ** BigInt(4 - l.pricePlaces);
            const priced = units ? BigInt(l.units) * 10_000n : quantity;
            const total = divHalfUp(priced * price * (100_000n - BigInt(l.discount ?? 0)), 100_000_000_000n);
            const rate = rates.get(l.article) as bigint;
            expected.push({ total, tax: divHalfUp(total * rate, 100_000n), rate });
            return {
              ArtNr: l.article,
              Menge: scaled(quantity, 4),
              Preis: scaled(price, 4),
              ...(l.discount === null ? {} : { GRabSatz: scaled(BigInt(l.discount), 3) }),
              ...(units ? { VPEinheit: units[0] } : {}),
            };
          });
          const created = await request(t.server)
            .post('/www/auftrag')
            .set('Authorization', `Bearer ${token}`)
            .send({ GrundDaten: { KundNr: '10001', WaehrAbk: currency }, Positionen: positionen });
          expect(created.status).toBe(201);
          const res = await request(t.server)
            .get(`/www/auftrag/${created.body.data.AuftNr}`)
            .set('Authorization', `Bearer ${token}`)
            .buffer(true)
            .parse(bytes)
            .expect(200);
          const text = (res.body as Buffer).toString('latin1');
          const numbers = [...text.matchAll(/"(\w+)":(-?[\d.eE+-]+)/g)];
          const artefacts = numbers.filter(([, , v]) => !/^-?\d+(\.\d{1,4})?$/.test(v)).map(([m]) => m);
          expect(artefacts).toEqual([]);

          const field = (name: string): string[] => numbers.filter(([, k]) => k === name).map(([, , v]) => v);
          expect(field('PosPreisTotal').map(cents)).toEqual(expected.map((e) => e.total));
          expect(field('PosPreisWUSTBetrag').map(cents)).toEqual(expected.map((e) => e.tax));

          const recapRates = field('PosWUSTSatz');
          const recapNet = field('PosBetragNetto').map(cents);
          const recapTax = field('PosWUST').map(cents);
          const perRate = new Map<string, { net: bigint; tax: bigint }>();
          for (const e of expected) {
            const key = String(Number(e.rate) / 1000);
            const sum = perRate.get(key) ?? { net: 0n, tax: 0n };
            perRate.set(key, { net: sum.net + e.total, tax: sum.tax + e.tax });
          }
          expect(recapRates.length).toBe(perRate.size);
          recapRates.forEach((rate, i) => {
            expect({ rate, net: recapNet[i], tax: recapTax[i] }).toEqual({ rate, ...perRate.get(rate) });
          });

          const net = expected.reduce((s, e) => s + e.total, 0n);
          const tax = expected.reduce((s, e) => s + e.tax, 0n);
          expect(cents(field('AuftSummeNetto')[0])).toBe(net);
          expect(cents(field('AuftSummeWUST')[0])).toBe(tax);
          const step = CASH_STEP[currency];
          expect(cents(field('AuftSummeBrutto')[0])).toBe(divHalfUp(net + tax, step) * step);
          if (step === 1n) expect(cents(field('AuftSummeBrutto')[0])).toBe(net + tax);
        },
      ),
      { numRuns: 40 },
    );
  });
});
