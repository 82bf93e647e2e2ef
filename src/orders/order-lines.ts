import { FieldProblem } from '../common/errors/api-error';
import { Decimal, dec } from '../common/money';
import { ArticlePriceTiers } from '../pricing/ports/price-determination';
import { tierFor } from '../pricing/price-tiers';
import { OrderLineInputDto } from './dto/create-order.dto';
import { calculateLine, packagingQuantity } from './order-calculation';
import { OrderArticle, TaxCodeInfo } from './ports/order-reference-data';
import { OrderLine } from './ports/orders.repository';

const Exact = Decimal.clone({ precision: 60 });

/** What pricing a line needs to know about the order. */
interface LinePricingContext {
  debiNr: string;
  waehrAbk: string;
  articles: Map<string, OrderArticle>;
  /** The articles the user may order (active, released for its web shop). */
  orderable: Set<string>;
  standardTaxCode: string;
}

/** A requested line after the article checks: its packaging factor, price and tax code still to come. */
interface CheckedLine {
  index: number;
  input: OrderLineInputDto;
  article: OrderArticle;
  factor: Decimal | null;
  taxCode: string;
}

const path = (i: number, field: string): string => `Positionen[${i}].${field}`;

/** Article, packaging unit and quantity of each line against the master data; every problem at once. */
export function checkLines(
  inputs: OrderLineInputDto[],
  ctx: LinePricingContext,
): { lines: CheckedLine[]; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const lines: CheckedLine[] = [];
  inputs.forEach((input, index) => {
    const article = ctx.articles.get(input.ArtNr);
    if (!article) {
      problems.push({ field: path(index, 'ArtNr'), message: `unknown article "${input.ArtNr}"` });
      return;
    }
    if (!ctx.orderable.has(input.ArtNr)) {
      problems.push({
        field: path(index, 'ArtNr'),
        message: `article "${input.ArtNr}" cannot be ordered: it is inactive or not released for this web shop`,
      });
      return;
    }
    let factor: Decimal | null = null;
    if (input.VPEinheit != null) {
      factor = article.packagingFactors.get(input.VPEinheit) ?? null;
      if (factor === null) {
        problems.push({
          field: path(index, 'VPEinheit'),
          message: `article "${input.ArtNr}" has no packaging unit "${input.VPEinheit}"`,
        });
        return;
      }
      if (packagingQuantity(dec(input.Menge), factor) === null) {
        problems.push({
          field: path(index, 'Menge'),
          message: `Menge (base units) must be a whole number of packaging units ${input.VPEinheit} of ${factor.toString()}`,
        });
        return;
      }
    }
    lines.push({ index, input, article, factor, taxCode: article.WUSTCode ?? ctx.standardTaxCode });
  });
  return { lines, problems };
}

/**
 * Prices the lines: a given Preis is taken as it is; an omitted one comes from the tiers the
 * article list's price determination found for the customer and currency (`tiers`): per
 * packaging unit, the tier for the quantity (in packaging units when one is given). Gross price
 * lists (Preisart B) are converted to net.
 */
export function priceLines(
  checked: CheckedLine[],
  ctx: LinePricingContext,
  taxCodes: Map<string, TaxCodeInfo>,
  tiers: Map<string, ArticlePriceTiers>,
): { lines: OrderLine[]; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const lines: OrderLine[] = [];
  for (const l of checked) {
    const tax = taxCodes.get(l.taxCode);
    if (!tax) {
      problems.push({
        field: path(l.index, 'ArtNr'),
        message: `the tax code "${l.taxCode}" of article "${l.article.ArtNr}" is not defined`,
      });
      continue;
    }
    const quantity = dec(l.input.Menge);
    let unitPrice: Decimal;
    if (l.input.Preis != null) {
      unitPrice = dec(l.input.Preis);
    } else {
      const unitTiers = tiers.get(l.article.ArtNr)?.get(l.input.VPEinheit ?? '');
      const pricedQuantity = l.factor ? (packagingQuantity(quantity, l.factor) as Decimal) : quantity;
      const tier = unitTiers ? tierFor(unitTiers, pricedQuantity) : null;
      if (!tier) {
        problems.push({
          field: path(l.index, 'Preis'),
          message: `no price for article "${l.article.ArtNr}"${l.input.VPEinheit ? ` (${l.input.VPEinheit})` : ''} in ${ctx.waehrAbk}; send Preis`,
        });
        continue;
      }
      unitPrice = tier.Preisart === 'B' ? netOfTax(dec(tier.PreisList), tax.WUSTSatz) : dec(tier.PreisList);
    }
    const amounts = calculateLine({
      quantity,
      unitPrice,
      packaging: l.factor && l.input.VPEinheit ? { unit: l.input.VPEinheit, factor: l.factor } : null,
      discountPercent: l.input.GRabSatz == null ? null : dec(l.input.GRabSatz),
      tax: { code: tax.WUSTCode, rate: tax.WUSTSatz },
    });
    lines.push({
      PosNr: l.index + 1,
      VisPosNr: l.input.VisPosNr ?? l.index + 1,
      ArtNr: l.article.ArtNr,
      PosBez: l.input.PosBez ?? l.article.ArtBez,
      ...amounts,
      GRabBez: null,
    });
  }
  return { lines, problems };
}

/** A gross list price without its tax, to 4 decimals (the unit-price scale). */
function netOfTax(gross: Decimal, rate: Decimal): Decimal {
  const net = new Exact(gross.toString()).times(100).div(new Exact(100).plus(rate.toString()));
  return dec(net.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toString());
}
