import { ApiError } from '../common/errors/api-error';
import { ApiPathParameter } from '../common/http/openapi-constraints';
import { addressNotFound } from './addresses.service';

const MAX_ADDRESS_NUMBER = 2147483647;
/** Up to twelve digits are read (and beyond the column answered 404). */
const ADDRESS_NUMBER = /^\d{1,12}$/;

/** The path parameter AdrNr in the document. */
export const AddressNumberParameter = () =>
  ApiPathParameter('AdrNr', 1, { type: 'integer', minimum: 0, maximum: 999_999_999_999 });

/** AdrNr from the path: not a whole number is a 400; beyond the integer column it cannot exist. */
export function parseAddressNumber(raw: string): number {
  if (!ADDRESS_NUMBER.test(raw)) {
    throw ApiError.badRequest('AdrNr must be a whole number.', [
      { field: 'AdrNr', message: 'must be a whole number' },
    ]);
  }
  const n = Number(raw);
  if (n > MAX_ADDRESS_NUMBER) throw addressNotFound(raw);
  return n;
}
