import { readTimestamp } from '@app/erp-db/dialect';
import { StoredPrice } from '../ports/price-sources';

/** Every price row of some lists for some articles. */
export const PRICES_SQL = `
SELECT "PreisListNr", "ArtNr", "VPEinheit", "AbAnzahl", "BisAnzahl", "PreisList", "GeaendertAm"
FROM "Preis"
WHERE "PreisListNr" IN (:...listNrs) AND "ArtNr" IN (:...artNrs)`;

/** A price row from the values of PRICES_SQL in column order (raw mode). */
export const priceFromValues = (v: unknown[]): StoredPrice => ({
  PreisListNr: Number(v[0]),
  ArtNr: v[1] as string,
  VPEinheit: (v[2] as string | null) ?? '',
  AbAnzahl: v[3] as number | string,
  BisAnzahl: v[4] as number | string | null,
  PreisList: v[5] as number | string,
  GeaendertAm: readTimestamp(v[6]) as Date,
});
