import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { PriceEntity, PriceListEntity } from '@app/erp-db';
import { newCustomerBody } from './support/fixtures';
import { comparableOrder, comparableQuote } from './support/quotes';
import { rawSql } from './support/raw-sql';
import { createTestApp, TestApp } from './support/test-app';

/** `QUOTE_CARTS` and `QUOTE_SEED` change the run; a failure prints the seed and path to replay it. */
const CARTS = Number(process.env.QUOTE_CARTS ?? 2000);
const SEED = Number(process.env.QUOTE_SEED ?? 20261202);
const CONCURRENT = 4;

jest.setTimeout(Math.max(120_000, CARTS * 150));

/**
 * Random carts, quoted and then posted as they are: the order read back equals its quote in every
 * line, recap entry, total, address and payment (only its number, entry time and the numbers of
 * the body's addresses are decided by storing it). Customers with their own price list, with a
 * price-list type, with a gross (Preisart B) list type and with none (the default type); determined
 * and explicit prices, quantity tiers, packaging units, discounts, currencies.
 */
describe('orders: a quote equals the order made from the same body (property)', () => {
  let t: TestApp;
  let token: string;
  const { p, q, count } = rawSql(() => t);
  /** Customers of web shop SHOP: 10001 (own list 5, type HAENDLER), 10002 (type VK), then the ones made below. */
  const customers = ['10001', '10002'];
  /** Active articles released for SHOP, with their packaging units and factors. */
  const articles: Array<{ ArtNr: string; units: Array<[string, number]> }> = [];
  /** "ArtNr|VPEinheit|WaehrAbk" with a price of the default list type: a determined price exists for every customer. */
  const determinable = new Set<string>();

  const postCustomer = async (): Promise<string> => {
    const res = await request(t.server)
      .post('/www/kunden')
      .set('Authorization', `Bearer ${token}`)
      .send(newCustomerBody())
      .expect(201);
    return res.body.data.DebiNr as string;
  };

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
    token = await t.token();
    // Three more customers of SHOP, given their price settings as the ERP would.
    const [none, gross, own] = [await postCustomer(), await postCustomer(), await postCustomer()];
    customers.push(none, gross, own);
    const setLists = (debiNr: string, nr: number | null, typ: string | null) =>
      q(`UPDATE "Debitor" SET "PreisListNr" = ${p(1)}, "PreisListTyp" = ${p(2)} WHERE "DebiNr" = ${p(3)}`, [
        nr,
        typ,
        debiNr,
      ]);
    await setLists(none, null, null);
    await setLists(gross, null, 'BRUTTO');
    await setLists(own, 7, 'HAENDLER');
    const list = (
      PreisListNr: number,
      Bezeichnung: string,
      PreisListTyp: string | null,
      WaehrAbk: string,
      Preisart: string,
      KundNr: string | null,
    ) => ({ PreisListNr, Bezeichnung, PreisListTyp, WaehrAbk, Preisart, KundNr }) as PriceListEntity;
    await t.dataSource
      .getRepository(PriceListEntity)
      .insert([
        list(6, 'Brutto CHF', 'BRUTTO', 'CHF', 'B', null),
        list(8, 'Brutto EUR', 'BRUTTO', 'EUR', 'B', null),
        list(7, 'Eigene Preise EUR', null, 'EUR', 'N', own),
      ]);
    const price = (
      PreisListNr: number,
      ArtNr: string,
      VPEinheit: string,
      AbAnzahl: number,
      PreisList: string,
    ) =>
      ({
        PreisListNr,
        ArtNr,
        VPEinheit,
        AbAnzahl: String(AbAnzahl),
        BisAnzahl: null,
        PreisList,
        GeaendertAm: new Date(),
      }) as PriceEntity;
    const prices: PriceEntity[] = [
      price(6, '1000', '', 1, '26.95'),
      price(6, '1000', '', 20, '25.4999'),
      price(6, '1000', 'KAR', 1, '151.37'),
      price(6, '1001', '', 1, '377.27'),
      price(8, '1000', '', 1, '28.3'),
      price(8, '1005', '', 1, '44.444'),
      price(7, '1000', '', 1, '25.1234'),
      price(7, '1000', '', 10, '24.5'),
      price(7, '1000', 'KAR', 1, '140.5'),
      price(7, '1001', '', 1, '333.33'),
    ];
    for (let n = 1006; n < 1060; n += 3) {
      prices.push(
        price(6, String(n), '', 1, (n / 7).toFixed(4)),
        price(8, String(n), '', 1, (n / 9).toFixed(3)),
      );
      prices.push(
        price(7, String(n), '', 1, (n / 11).toFixed(2)),
        price(7, String(n), '', 5, (n / 12).toFixed(2)),
      );
    }
    await t.dataSource.getRepository(PriceEntity).insert(prices);

    const active = await q<{ ArtNr: string }>(
      `SELECT a."ArtNr" FROM "Artikel" a JOIN "Attribut" r ON r."ObjTyp" = 'ART' AND r."ObjKey" = a."ArtNr"
       AND r."PHKey" = 'RESTWEBSHOP' AND r."Contents" LIKE '%SHOP%' AND r."Contents" <> 'OTHER'
       WHERE a."ArtikelStatus" = 1 ORDER BY a."ArtNr"`,
    );
    const units = await q<{ ArtNr: string; VPEinheit: string; VPEFaktor: string | number }>(
      `SELECT "ArtNr", "VPEinheit", "VPEFaktor" FROM "ArtikelVPE"`,
    );
    for (const { ArtNr } of active) {
      const nr = ArtNr.trim();
      const own = units.filter((u) => u.ArtNr.trim() === nr);
      articles.push({ ArtNr: nr, units: own.map((u) => [u.VPEinheit.trim(), Number(u.VPEFaktor)]) });
    }
    const standard = await q<{ ArtNr: string; VPEinheit: string; WaehrAbk: string }>(
      `SELECT p."ArtNr", p."VPEinheit", l."WaehrAbk" FROM "Preis" p
       JOIN "PreisListe" l ON l."PreisListNr" = p."PreisListNr"
       WHERE l."KundNr" IS NULL AND l."PreisListTyp" = (SELECT "StandardPreisListTyp" FROM "Firma")`,
    );
    for (const s of standard)
      determinable.add(`${s.ArtNr.trim()}|${s.VPEinheit.trim()}|${s.WaehrAbk.trim()}`);
  });
  afterAll(async () => {
    await t.close();
  });

  const TOWNS: Array<[string, string]> = [
    ['8400', 'winterthur'],
    ['8001', 'ZÜRICH'],
    ['3011', 'Bern'],
    ['6900', 'lugano'],
  ];

  const lineArb = fc.record({
    fixture: fc.boolean(),
    article: fc.nat(),
    unit: fc.nat(),
    units: fc.integer({ min: 1, max: 120 }),
    fraction: fc.option(fc.integer({ min: 1, max: 9999 }), { freq: 3 }),
    price: fc.option(fc.tuple(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 4 })), {
      freq: 2,
    }),
    discount: fc.option(fc.integer({ min: 0, max: 100_000 }), { freq: 2 }),
    posBez: fc.option(fc.constantFrom('Geschenkverpackung', 'Größe XL – grün', 'Ærø "Spezial"'), { freq: 5 }),
    visPosNr: fc.option(fc.integer({ min: 1, max: 9999 }), { freq: 3 }),
  });
  const cartArb = fc.record({
    customer: fc.nat(),
    currency: fc.constantFrom(null, 'CHF', 'chf', 'EUR', 'USD'),
    lines: fc.array(lineArb, { minLength: 1, maxLength: 8 }),
    delivery: fc.option(fc.nat(), { freq: 3 }),
    payments: fc.nat({ max: 3 }),
    orderNumber: fc.boolean(),
    orderedAt: fc.option(fc.integer({ min: 1_767_225_600_000, max: 1_798_761_600_000 }), { freq: 2 }),
    deliveryCost: fc.option(fc.integer({ min: 0, max: 99_999 }), { freq: 2 }),
  });

  type Cart = typeof cartArb extends fc.Arbitrary<infer C> ? C : never;
  let serial = 0;
  /** The POST body of a generated cart; a line whose price cannot be determined gets an explicit one. */
  const toBody = (cart: Cart) => {
    const currency = (cart.currency ?? 'CHF').toUpperCase();
    const positionen = cart.lines.map((l) => {
      // Half the lines from the named articles, which have tiers, packaging units and gross prices.
      const pool = l.fixture ? articles.filter((a) => a.ArtNr < '1006') : articles;
      const article = pool[l.article % pool.length];
      const options: Array<[string, number] | null> = [null, ...article.units];
      const unit = options[l.unit % options.length];
      // Written as decimal text, so that the JSON number is exactly what it says (1.0007, not 1 + 0.0007).
      const menge = unit
        ? l.units * unit[1]
        : Number(l.fraction === null ? l.units : `${l.units}.${String(l.fraction).padStart(4, '0')}`);
      const explicit =
        l.price ??
        (determinable.has(`${article.ArtNr}|${unit?.[0] ?? ''}|${currency}`) ? null : [l.units * 7919, 2]);
      return {
        ArtNr: article.ArtNr,
        Menge: menge,
        ...(unit ? { VPEinheit: unit[0] } : {}),
        ...(explicit ? { Preis: explicit[0] / 10 ** explicit[1] } : {}),
        ...(l.discount === null ? {} : { GRabSatz: l.discount / 1000 }),
        ...(l.posBez === null ? {} : { PosBez: l.posBez }),
        ...(l.visPosNr === null ? {} : { VisPosNr: l.visPosNr % 2 === 0 ? String(l.visPosNr) : l.visPosNr }),
      };
    });
    const town = cart.delivery === null ? null : TOWNS[cart.delivery % TOWNS.length];
    return {
      GrundDaten: {
        KundNr: customers[cart.customer % customers.length],
        ...(cart.currency === null ? {} : { WaehrAbk: cart.currency }),
        ...(cart.orderNumber ? { AuftBestellNr: `PQ-${process.pid}-${serial++}` } : {}),
        ...(cart.orderedAt === null ? {} : { AuftBestellT: new Date(cart.orderedAt).toISOString() }),
        ...(cart.deliveryCost === null ? {} : { AuftLiefKost: cart.deliveryCost / 100 }),
      },
      ...(town
        ? {
            Adressen: {
              LiefAdr: {
                AdrSprache: 'ger',
                AdrAnrede: 1,
                AdrName: 'Brändli',
                AdrAdresse1: 'Seeweg 3',
                OrtLand: 'CH',
                OrtPLZ: town[0],
                OrtName: town[1],
              },
            },
          }
        : {}),
      Positionen: positionen,
      ...(cart.payments === 0
        ? {}
        : {
            Zahlung: Array.from({ length: cart.payments }, (_x, i) => ({
              Bezeichnung: `L${i}`,
              Wert: `W${i}`,
            })),
          }),
    };
  };

  /** In-process (no socket per request, which would double the run time); checked against the document all the same. */
  const send = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const fastify = t.app.getHttpAdapter().getInstance() as FastifyInstance;
    const res = await fastify.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    const latin1 = /charset=iso-8859-1/i.test(String(res.headers['content-type']));
    return { status: res.statusCode, body: JSON.parse(res.rawPayload.toString(latin1 ? 'latin1' : 'utf8')) };
  };

  /** One cart: quoted, posted, read back and compared. */
  const check = async (cart: Cart, seen: Seen): Promise<void> => {
    const body = toBody(cart);
    const quoted = await send('POST', '/www/auftrag/kalkulation', body);
    expect({ status: quoted.status, body: quoted.status === 200 ? 'quote' : quoted.body }).toEqual({
      status: 200,
      body: 'quote',
    });
    const created = await send('POST', '/www/auftrag', body);
    expect(created.status).toBe(201);
    const order = await send('GET', `/www/auftrag/${created.body.data.AuftNr}`);
    expect(comparableOrder(order.body.data, quoted.body.data)).toEqual(comparableQuote(quoted.body.data));
    for (const line of body.Positionen) {
      if ('Preis' in line) seen.explicit++;
      else seen.determined++;
      if ('VPEinheit' in line) seen.packaging++;
      if ('GRabSatz' in line) seen.discounted++;
    }
    seen.currencies.add(quoted.body.data.GrundDaten.WaehrAbk as string);
  };
  interface Seen {
    determined: number;
    explicit: number;
    packaging: number;
    discounted: number;
    currencies: Set<string>;
  }

  it(`${CARTS} random carts: the created order equals its quote to the cent`, async () => {
    const ordersBefore = await count('Auftrag');
    const seen: Seen = { determined: 0, explicit: 0, packaging: 0, discounted: 0, currencies: new Set() };
    // Carts go four at a time, as from several shop sessions (PostgreSQL's round trips overlap).
    await fc.assert(
      fc.asyncProperty(fc.array(cartArb, { minLength: CONCURRENT, maxLength: CONCURRENT }), async (carts) => {
        await Promise.all(carts.map((cart) => check(cart, seen)));
      }),
      { numRuns: Math.ceil(CARTS / CONCURRENT), seed: SEED, endOnFailure: true },
    );
    const carts = Math.ceil(CARTS / CONCURRENT) * CONCURRENT;
    // Every cart made one order, its quote none.
    expect(await count('Auftrag')).toBe(ordersBefore + carts);
    // The generator reaches what it is meant to: both kinds of price, packaging units, discounts, currencies.
    expect(Math.min(seen.determined, seen.explicit, seen.packaging, seen.discounted)).toBeGreaterThan(
      carts / 10,
    );
    expect([...seen.currencies].sort()).toEqual(['CHF', 'EUR', 'USD']);
  });
});
