import { readTimestamp } from '@app/erp-db/dialect';
import { StoredPrice } from '../ports/price-sources';

/** Every price row of some lists for some articles. */
export const PRICES_SQL = `
SELECT "PreisListNr", "ArtNr", "VPEinheit", "AbAnzahl", "BisAnzahl", "PreisList", "GeaendertAm"
FROM "Preis"
WHERE "PreisListNr" IN (:...listNrs) AND "ArtNr" IN (:...artNrs)`;

export type PriceRow = Omit<StoredPrice, 'GeaendertAm'> & { GeaendertAm: unknown };

export function toStoredPrice(r: PriceRow): StoredPrice {
  return {
    PreisListNr: Number(r.PreisListNr),
    ArtNr: r.ArtNr,
    VPEinheit: r.VPEinheit ?? '',
    AbAnzahl: r.AbAnzahl,
    BisAnzahl: r.BisAnzahl,
    PreisList: r.PreisList,
    GeaendertAm: readTimestamp(r.GeaendertAm) as Date,
  };
}

/** A price row from the values of PRICES_SQL in column order (better-sqlite3's raw mode). */
export const priceFromValues = (v: unknown[]): StoredPrice =>
  toStoredPrice({
    PreisListNr: v[0] as number,
    ArtNr: v[1] as string,
    VPEinheit: v[2] as string,
    AbAnzahl: v[3] as number | string,
    BisAnzahl: v[4] as number | string | null,
    PreisList: v[5] as number | string,
    GeaendertAm: v[6],
  });
