import { Injectable } from '@nestjs/common';
import {
  ArticlePriceTiers,
  PriceContext,
  PriceDetermination,
  PriceListSequence,
} from './ports/price-determination';
import { PriceSources } from './ports/price-sources';
import { chooseTiers, fallbackOrder } from './price-tiers';

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
    // The adapter asks nothing when there is no list.
    const { lists } = 'lists' in context ? context : await this.priceLists(context);
    return chooseTiers(
      lists,
      await this.sources.prices(
        lists.map((l) => l.PreisListNr),
        artNrs,
      ),
    );
  }
}
