import { ApiError } from '../common/errors/api-error';
import { addressNotFound } from './addresses.service';

const MAX_ADDRESS_NUMBER = 2147483647;

/** AdrNr from the path: not a whole number is a 400; beyond the integer column it cannot exist. */
export function parseAddressNumber(raw: string): number {
  if (!/^\d{1,12}$/.test(raw)) {
    throw ApiError.badRequest('AdrNr must be a whole number.', [
      { field: 'AdrNr', message: 'must be a whole number' },
    ]);
  }
  const n = Number(raw);
  if (n > MAX_ADDRESS_NUMBER) throw addressNotFound(raw);
  return n;
}
