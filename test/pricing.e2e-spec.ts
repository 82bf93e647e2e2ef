import { dec } from '../src/common/money';
import { Decimal } from '../src/common/money';
import { PriceContext, PriceDetermination, PriceTier } from '../src/pricing/ports/price-determination';
import { tierFor } from '../src/pricing/price-tiers';
import { createTestApp, TestApp } from './support/test-app';

const brief = (tiers: PriceTier[] | undefined) =>
  tiers?.map((t) => [t.PreisListNr, t.AbAnzahl, t.BisAnzahl, t.PreisList, t.Preisart]);

describe('pricing: the price determination port on the demo data', () => {
  let t: TestApp;
  let pricing: PriceDetermination;

  beforeAll(async () => {
    t = await createTestApp();
    pricing = t.app.get(PriceDetermination);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The unit price for a quantity of one article, as order creation finds it. */
  async function priceOf(artNr: string, unit: string, quantity: Decimal, context: PriceContext) {
    const tiers = (await pricing.determinePrices([artNr], context)).get(artNr)?.get(unit);
    const tier = tiers ? tierFor(tiers, quantity) : null;
    return tier ? { price: dec(tier.PreisList), tier } : null;
  }

  it('without a customer uses the default type VK in the currency', async () => {
    const chf = await pricing.determinePrices(['1000', '1002'], { debiNr: null, waehrAbk: 'CHF' });
    expect(brief(chf.get('1000')!.get(''))).toEqual([
      [1, '1', '9', '24.9', 'N'],
      [1, '10', '49', '23.5', 'N'],
      [1, '50', null, '21.9', 'N'],
    ]);
    expect(brief(chf.get('1000')!.get('KAR'))).toEqual([
      [1, '1', '9', '140', 'N'],
      [1, '10', null, '132', 'N'],
    ]);
    expect(brief(chf.get('1000')!.get('PAL'))).toEqual([[1, '1', null, '5200', 'N']]);
    expect(chf.get('1000')!.get('')![0].GeaendertAm.toISOString()).toBe('2026-01-05T08:00:00.000Z');
    expect(chf.has('1002')).toBe(false);

    const eur = await pricing.determinePrices(['1000'], { debiNr: null, waehrAbk: 'EUR' });
    expect([...eur.get('1000')!.keys()]).toEqual(['']);
    expect(brief(eur.get('1000')!.get(''))).toEqual([[2, '1', null, '26.5', 'N']]);
    expect(await pricing.determinePrices(['1000'], { debiNr: null, waehrAbk: 'USD' })).toEqual(new Map());
  });

  it('customer 10001: own list, then its type HAENDLER, then VK, per packaging unit', async () => {
    const r = (await pricing.determinePrices(['1000'], { debiNr: '10001', waehrAbk: 'CHF' })).get('1000')!;
    expect(brief(r.get(''))).toEqual([[5, '1', null, '18.5', 'N']]);
    expect(brief(r.get('KAR'))).toEqual([[3, '1', null, '115', 'N']]);
    expect(brief(r.get('PAL'))).toEqual([[1, '1', null, '5200', 'N']]);

    // The own list is in CHF and HAENDLER EUR has no price: VK EUR wins.
    const eur = (await pricing.determinePrices(['1000'], { debiNr: '10001', waehrAbk: 'EUR' })).get('1000')!;
    expect(brief(eur.get(''))).toEqual([[2, '1', null, '26.5', 'N']]);
  });

  it('a list type with a gross price list reports Preisart B', async () => {
    await t.dataSource.query(`UPDATE "PreisListe" SET "Preisart" = 'B' WHERE "PreisListNr" = 3`);
    try {
      const r = (await pricing.determinePrices(['1000'], { debiNr: '10001', waehrAbk: 'CHF' })).get('1000')!;
      expect(brief(r.get('KAR'))).toEqual([[3, '1', null, '115', 'B']]);
      expect(brief(r.get(''))).toEqual([[5, '1', null, '18.5', 'N']]);
    } finally {
      await t.dataSource.query(`UPDATE "PreisListe" SET "Preisart" = 'N' WHERE "PreisListNr" = 3`);
    }
  });

  it('the tier for a quantity for a quantity and answers null without a price', async () => {
    const ctx = { debiNr: null, waehrAbk: 'CHF' };
    expect((await priceOf('1000', '', dec(9), ctx))!.price.toString()).toBe('24.9');
    expect((await priceOf('1000', '', dec(10), ctx))!.price.toString()).toBe('23.5');
    expect((await priceOf('1000', '', dec(500), ctx))!.price.toString()).toBe('21.9');
    expect((await priceOf('1000', 'KAR', dec(12), ctx))!.price.toString()).toBe('132');
    const own = await priceOf('1000', '', dec(100), { debiNr: '10001', waehrAbk: 'CHF' });
    expect(own!.price.toString()).toBe('18.5');
    expect(own!.tier.PreisListNr).toBe(5);
    expect(await priceOf('1002', '', dec(1), ctx)).toBeNull();
    expect(await priceOf('1000', '', dec(1), { debiNr: null, waehrAbk: 'USD' })).toBeNull();
    expect(await priceOf('1000', '', dec('0.5'), ctx)).toBeNull();
  });

  it('bulk: one call for many articles (every 7th generated article has no EUR price)', async () => {
    const artNrs = ['1007', '1008', '1010', '1015'];
    const eur = await pricing.determinePrices(artNrs, { debiNr: '10002', waehrAbk: 'EUR' });
    expect([...eur.keys()].sort()).toEqual(['1007', '1010']);
    expect(brief(eur.get('1007')!.get(''))).toEqual([[2, '1', null, '280.79', 'N']]);
  });
});
