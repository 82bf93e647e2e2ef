import { dec } from '../common/money';
import { PriceDeterminationService } from './price-determination.service';
import { chooseTiers, fallbackOrder, tierFor } from './price-tiers';
import { CandidatePriceList, PriceSources, StoredPrice } from './ports/price-sources';

const T = new Date('2026-01-05T08:00:00Z');

function price(
  list: number,
  artNr: string,
  unit: string,
  ab: number,
  bis: number | null,
  p: string,
): StoredPrice {
  return {
    PreisListNr: list,
    ArtNr: artNr,
    VPEinheit: unit,
    AbAnzahl: ab,
    BisAnzahl: bis,
    PreisList: p,
    GeaendertAm: T,
  };
}

class FakeSources extends PriceSources {
  calls: Array<{ listNrs: number[]; artNrs: string[] }> = [];
  constructor(
    private readonly lists: CandidatePriceList[],
    private readonly rows: StoredPrice[],
  ) {
    super();
  }
  async candidateLists(): Promise<CandidatePriceList[]> {
    return this.lists;
  }
  async prices(listNrs: number[], artNrs: string[]): Promise<StoredPrice[]> {
    if (listNrs.length === 0) return [];
    this.calls.push({ listNrs, artNrs });
    return this.rows.filter((r) => listNrs.includes(r.PreisListNr) && artNrs.includes(r.ArtNr));
  }
}

const lists: CandidatePriceList[] = [
  { PreisListNr: 1, Preisart: 'N', step: 2 },
  { PreisListNr: 3, Preisart: 'B', step: 1 },
  { PreisListNr: 5, Preisart: 'N', step: 0 },
];

const rows = [
  price(1, 'A', '', 50, null, '21.9'),
  price(1, 'A', '', 1, 9, '24.9'),
  price(1, 'A', '', 10, 49, '23.5'),
  price(1, 'A', 'KAR', 1, null, '140'),
  price(1, 'A', 'PAL', 1, null, '5200'),
  price(3, 'A', 'KAR', 1, null, '115'),
  price(5, 'A', '', 1, null, '18.5'),
  price(3, 'B', '', 1, null, '9.95'),
  price(1, 'B', '', 1, null, '12'),
];

describe('price determination', () => {
  it('orders the fallback: own list, customer type, default type; drops duplicates', () => {
    expect(
      fallbackOrder([...lists, { PreisListNr: 3, Preisart: 'B', step: 2 }]).map((l) => l.PreisListNr),
    ).toEqual([5, 3, 1]);
  });

  it('takes per article and packaging unit the first list with a price, never merging lists', () => {
    const result = chooseTiers(fallbackOrder(lists), rows);
    const a = result.get('A')!;
    expect(a.get('')!.map((t) => [t.PreisListNr, t.PreisList])).toEqual([[5, '18.5']]);
    expect(a.get('KAR')!.map((t) => [t.PreisListNr, t.PreisList, t.Preisart])).toEqual([[3, '115', 'B']]);
    expect(a.get('PAL')!.map((t) => [t.PreisListNr, t.PreisList])).toEqual([[1, '5200']]);
    expect(
      result
        .get('B')!
        .get('')!
        .map((t) => t.PreisList),
    ).toEqual(['9.95']);
  });

  it('sorts tiers by AbAnzahl and keeps exact decimals', () => {
    const tiers = chooseTiers([lists[0]], rows).get('A')!.get('')!;
    expect(tiers.map((t) => [t.AbAnzahl, t.BisAnzahl, t.PreisList])).toEqual([
      ['1', '9', '24.9'],
      ['10', '49', '23.5'],
      ['50', null, '21.9'],
    ]);
    expect(tierFor(tiers, dec('9.99'))!.PreisList).toBe('24.9');
    expect(tierFor(tiers, dec(10))!.PreisList).toBe('23.5');
    expect(tierFor(tiers, dec(1000))!.PreisList).toBe('21.9');
    expect(tierFor(tiers, dec('0.5'))).toBeNull();
  });

  it("determinePrices with a context reads the context's lists, then their prices", async () => {
    const sources = new FakeSources([lists[0]], rows);
    const service = new PriceDeterminationService(sources);
    const tiers = (await service.determinePrices(['A'], { debiNr: null, waehrAbk: 'CHF' })).get('A')!;
    expect(tierFor(tiers.get('')!, dec(12))!.PreisList).toBe('23.5');
    expect(tiers.has('XYZ')).toBe(false);
    expect(sources.calls).toEqual([{ listNrs: [1], artNrs: ['A'] }]);
  });

  it("determinePrices with a sequence asks the prices of the sequence's lists", async () => {
    const sources = new FakeSources(lists, rows);
    const service = new PriceDeterminationService(sources);
    const sequence = await service.priceLists({ debiNr: '10001', waehrAbk: 'CHF' });
    await service.determinePrices(['A'], sequence);
    expect(sources.calls).toEqual([{ listNrs: [5, 3, 1], artNrs: ['A'] }]);
  });

  it('determinePrices with a context finds what priceLists + determinePrices of that sequence find', async () => {
    const service = new PriceDeterminationService(new FakeSources(lists, rows));
    const context = { debiNr: '10001', waehrAbk: 'CHF' };
    const sequence = await service.priceLists(context);
    for (const artNrs of [['A'], ['A', 'B'], ['B', 'C'], ['C']]) {
      expect(await service.determinePrices(artNrs, context)).toEqual(
        await service.determinePrices(artNrs, sequence),
      );
    }
  });

  it('answers without any query when no article is asked, and no prices when no list is in the currency', async () => {
    const empty = new FakeSources([], rows);
    expect(
      await new PriceDeterminationService(empty).determinePrices(['A'], { debiNr: null, waehrAbk: 'USD' }),
    ).toEqual(new Map());
    expect(
      await new PriceDeterminationService(empty).determinePrices(['A'], {
        context: { debiNr: null, waehrAbk: 'USD' },
        lists: [],
        key: 'USD:',
      }),
    ).toEqual(new Map());
    expect(empty.calls).toEqual([]);
    const sources = new FakeSources(lists, rows);
    expect(
      await new PriceDeterminationService(sources).determinePrices([], { debiNr: null, waehrAbk: 'CHF' }),
    ).toEqual(new Map());
    expect(sources.calls).toEqual([]);
  });
});
