import type { ErpClient, paths } from '../src';

type OrderBody = paths['/www/auftrag']['post']['requestBody']['content']['application/json'];

/**
 * Compiled with the tests, never run: requests and answers the document does not allow must not
 * compile, so that types that grew looser fail the build as types that grew incompatible do.
 */
export async function requestsTheDocumentRefuses(erp: ErpClient): Promise<void> {
  // @ts-expect-error the article number of a line is a string
  const line: OrderBody['Positionen'][number] = { ArtNr: 1000, Menge: 1 };
  // @ts-expect-error an order needs the customer number
  const head: OrderBody['GrundDaten'] = { AuftBestellNr: 'X' };
  void [line, head];
  // @ts-expect-error the article route needs its path parameter
  await erp.GET('/www/artikel/{ArtNr}', {});
  // @ts-expect-error there is no such route
  await erp.GET('/www/artikelliste');
  const { data } = await erp.GET('/www/kunden/{DebiNr}', { params: { path: { DebiNr: '10001' } } });
  // @ts-expect-error a customer has no field of that name
  void data.data.Kundname;
}
