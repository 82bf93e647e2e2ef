import { Injectable } from '@nestjs/common';
import { ApiError, FieldProblem } from '../common/errors/api-error';
import { PostalDirectory } from '../postal-codes/ports/postal-directory';

/** The fields AdrCheck reads and corrects. */
interface CheckableAddress {
  OrtLand?: string | null;
  OrtPLZ?: string | null;
  OrtName?: string | null;
  AdrCheck?: number | null;
}

export interface AddressToCheck<T extends CheckableAddress> {
  address: T;
  /** Where the address sits in the request, e.g. `Adressen.KontaktAdr` ('' = the body itself); named in the 422. */
  path: string;
}

/** AdrCheck defaults to on for Swiss addresses, off elsewhere. */
function isCheckOn(address: CheckableAddress): boolean {
  const flag = address.AdrCheck;
  if (flag === 0 || flag === 1) return flag === 1;
  return (address.OrtLand ?? '').toUpperCase() === 'CH';
}

/**
 * AdrCheck (decisions D6): with the check on, the postal code must be in the directory of the
 * address's country and the town's spelling is taken from there; an unknown code is a 422
 * naming the address.
 */
@Injectable()
export class AddressCheckService {
  constructor(private readonly directory: PostalDirectory) {}

  /** Checks one address; returns a copy with the corrected town. */
  async checkAndCorrect<T extends CheckableAddress>(address: T, path: string): Promise<T> {
    const [checked] = await this.checkAll([{ address, path }]);
    return checked;
  }

  /** Checks several addresses and reports every unknown postal code in one 422. */
  async checkAll<T extends CheckableAddress>(items: AddressToCheck<T>[]): Promise<T[]> {
    const problems: FieldProblem[] = [];
    const paths: string[] = [];
    const checked = await Promise.all(
      items.map(async ({ address, path }) => {
        if (!isCheckOn(address)) return { ...address };
        const country = (address.OrtLand ?? '').trim().toUpperCase();
        const code = (address.OrtPLZ ?? '').trim();
        const towns = code && country ? await this.directory.townsFor(country, code) : [];
        if (towns.length === 0) {
          paths.push(path || 'the address');
          problems.push({
            field: path ? `${path}.OrtPLZ` : 'OrtPLZ',
            message: `postal code "${code}" is not in the postal directory of ${country || 'the country'} (AdrCheck)`,
          });
          return { ...address };
        }
        return { ...address, OrtPLZ: code, OrtName: closestTown(towns, address.OrtName ?? '') };
      }),
    );
    if (problems.length > 0) {
      throw ApiError.unprocessable(
        `Unknown postal code in ${paths.join(', ')}; the town cannot be checked (AdrCheck).`,
        problems,
        { addresses: paths },
      );
    }
    return checked;
  }
}

/** Lower case without accents, blanks or punctuation: "St.Gallen" and "st gallen" are one town. */
function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The directory's spelling of the town the client meant; among several, the nearest by edit distance. */
function closestTown(towns: string[], given: string): string {
  if (towns.length === 1) return towns[0];
  const target = fold(given);
  let best = towns[0];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const town of towns) {
    const d = editDistance(fold(town), target);
    if (d < bestDistance) {
      best = town;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length];
}
