import { compareDecimals, Decimal, dec, decimalString } from '../common/money';
import { ArticlePriceTiers, PriceTier } from './ports/price-determination';
import { CandidatePriceList, StoredPrice } from './ports/price-sources';

// The fallback between price lists as plain functions, without Nest or a database.

/** Orders the candidate lists: own list first, then the customer's type, then the default type. */
export function fallbackOrder(lists: CandidatePriceList[]): CandidatePriceList[] {
  const seen = new Set<number>();
  return [...lists]
    .sort((a, b) => a.step - b.step || a.PreisListNr - b.PreisListNr)
    .filter((l) => (seen.has(l.PreisListNr) ? false : (seen.add(l.PreisListNr), true)));
}

function toTier(p: StoredPrice, preisart: string): PriceTier {
  return {
    AbAnzahl: decimalString(p.AbAnzahl),
    BisAnzahl: p.BisAnzahl === null || p.BisAnzahl === undefined ? null : decimalString(p.BisAnzahl),
    PreisList: decimalString(p.PreisList),
    Preisart: preisart,
    GeaendertAm: p.GeaendertAm,
    PreisListNr: p.PreisListNr,
  };
}

/**
 * Picks, per article and packaging unit, the tiers of the first list in the fallback order that
 * has any price for it; tiers of different lists are never mixed.
 */
export function chooseTiers(
  lists: CandidatePriceList[],
  prices: StoredPrice[],
): Map<string, ArticlePriceTiers> {
  const rank = new Map(lists.map((l, i) => [l.PreisListNr, i]));
  const result = new Map<string, ArticlePriceTiers>();
  for (const p of prices) {
    const r = rank.get(p.PreisListNr);
    if (r === undefined) continue;
    const unit = p.VPEinheit ?? '';
    let article = result.get(p.ArtNr);
    if (!article) result.set(p.ArtNr, (article = new Map()));
    // The tiers so far are all of one list; a list earlier in the order replaces them.
    const tiers = article.get(unit);
    const current = tiers ? rank.get(tiers[0].PreisListNr)! : Infinity;
    if (r < current) article.set(unit, [toTier(p, lists[r].Preisart)]);
    else if (r === current) tiers!.push(toTier(p, lists[r].Preisart));
  }
  for (const article of result.values())
    for (const tiers of article.values())
      if (tiers.length > 1) tiers.sort((a, b) => compareDecimals(a.AbAnzahl, b.AbAnzahl));
  return result;
}

/** The tier that applies to a quantity: the highest AbAnzahl not above it. */
export function tierFor(tiers: PriceTier[], quantity: Decimal): PriceTier | null {
  let found: PriceTier | null = null;
  for (const t of tiers) if (dec(t.AbAnzahl).lte(quantity)) found = t;
  return found;
}
