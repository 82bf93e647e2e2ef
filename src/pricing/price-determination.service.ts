import { Injectable } from '@nestjs/common';
import { Decimal, dec } from '../common/money';
import {
  ArticlePriceTiers,
  PriceContext,
  PriceDetermination,
  PriceListSequence,
  PriceTier,
} from './ports/price-determination';
import { PriceSources } from './ports/price-sources';
import { chooseTiers, fallbackOrder, tierFor } from './price-tiers';

@Injectable()
export class PriceDeterminationService extends PriceDetermination {
  constructor(private readonly sources: PriceSources) {
    super();
  }

  async priceLists(context: PriceContext): Promise<PriceListSequence> {
    const lists = fallbackOrder(await this.sources.candidateLists(context.debiNr, context.waehrAbk));
    const key = `${context.waehrAbk}:${lists.map((l) => `${l.PreisListNr}${l.Preisart}`).join(',')}`;
    return { context, lists, key };
  }

  async determinePrices(
    artNrs: string[],
    context: PriceContext | PriceListSequence,
  ): Promise<Map<string, ArticlePriceTiers>> {
    if (artNrs.length === 0) return new Map();
    if (!('lists' in context)) {
      // No sequence yet: the lists and their prices in one go (one query on the TypeORM adapter).
      const found = await this.sources.candidateListsWithPrices(context.debiNr, context.waehrAbk, artNrs);
      const lists = fallbackOrder(found.lists);
      return lists.length === 0 ? new Map() : chooseTiers(lists, found.prices);
    }
    const { lists } = context;
    if (lists.length === 0) return new Map();
    const prices = await this.sources.prices(
      lists.map((l) => l.PreisListNr),
      artNrs,
    );
    return chooseTiers(lists, prices);
  }

  async determinePrice(
    artNr: string,
    vpEinheit: string,
    quantity: Decimal,
    context: PriceContext,
  ): Promise<{ price: Decimal; tier: PriceTier } | null> {
    const lists = fallbackOrder(await this.sources.candidateLists(context.debiNr, context.waehrAbk));
    if (lists.length === 0) return null;
    const prices = await this.sources.prices(
      lists.map((l) => l.PreisListNr),
      [artNr],
      vpEinheit,
    );
    const tiers = chooseTiers(lists, prices).get(artNr)?.get(vpEinheit);
    const tier = tiers ? tierFor(tiers, quantity) : null;
    return tier ? { price: dec(tier.PreisList), tier } : null;
  }
}
