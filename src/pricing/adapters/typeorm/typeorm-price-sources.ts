import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { readTimestamp } from '@app/erp-db';
import { DataSource } from 'typeorm';
import { CandidatePriceList, PriceSources, StoredPrice } from '../../ports/price-sources';

/** SQL Server accepts at most 2100 parameters per statement. */
const MAX_ARTICLES_PER_QUERY = 1000;

const CANDIDATE_LISTS_SQL = `
SELECT pl."PreisListNr" AS "PreisListNr", pl."Preisart" AS "Preisart",
  CASE WHEN pl."PreisListNr" = d."PreisListNr" OR pl."KundNr" = :debiNr THEN 0
       WHEN pl."KundNr" IS NULL AND pl."PreisListTyp" = d."PreisListTyp" THEN 1
       ELSE 2 END AS "step"
FROM "PreisListe" pl
LEFT JOIN "Debitor" d ON d."DebiNr" = :debiNr
WHERE pl."WaehrAbk" = :waehrAbk
  AND (pl."PreisListNr" = d."PreisListNr" OR pl."KundNr" = :debiNr
    OR (pl."KundNr" IS NULL AND (pl."PreisListTyp" = d."PreisListTyp"
      OR pl."PreisListTyp" IN (SELECT f."StandardPreisListTyp" FROM "Firma" f))))`;

const PRICES_SQL = `
SELECT "PreisListNr", "ArtNr", "VPEinheit", "AbAnzahl", "BisAnzahl", "PreisList", "GeaendertAm"
FROM "Preis"
WHERE "PreisListNr" IN (:...listNrs) AND "ArtNr" IN (:...artNrs)`;

interface CandidateRow {
  PreisListNr: number | string;
  Preisart: string;
  step: number | string;
}

type PriceRow = Omit<StoredPrice, 'GeaendertAm'> & { GeaendertAm: unknown };

@Injectable()
export class TypeOrmPriceSources extends PriceSources {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  private run<T>(sql: string, params: Record<string, unknown>): Promise<T[]> {
    const [query, values] = this.dataSource.driver.escapeQueryWithParameters(sql, params, {});
    return this.dataSource.query(query, values);
  }

  async candidateLists(debiNr: string | null, waehrAbk: string): Promise<CandidatePriceList[]> {
    const rows = await this.run<CandidateRow>(CANDIDATE_LISTS_SQL, { debiNr, waehrAbk });
    return rows.map((r) => ({
      PreisListNr: Number(r.PreisListNr),
      Preisart: r.Preisart,
      step: Number(r.step) as CandidatePriceList['step'],
    }));
  }

  async prices(listNrs: number[], artNrs: string[], vpEinheit?: string): Promise<StoredPrice[]> {
    const result: StoredPrice[] = [];
    const sql = vpEinheit === undefined ? PRICES_SQL : `${PRICES_SQL} AND "VPEinheit" = :vpEinheit`;
    for (let i = 0; i < artNrs.length; i += MAX_ARTICLES_PER_QUERY) {
      const rows = await this.run<PriceRow>(sql, {
        listNrs,
        artNrs: artNrs.slice(i, i + MAX_ARTICLES_PER_QUERY),
        vpEinheit,
      });
      for (const r of rows)
        result.push({
          PreisListNr: Number(r.PreisListNr),
          ArtNr: r.ArtNr,
          VPEinheit: r.VPEinheit ?? '',
          AbAnzahl: r.AbAnzahl,
          BisAnzahl: r.BisAnzahl,
          PreisList: r.PreisList,
          GeaendertAm: readTimestamp(r.GeaendertAm) as Date,
        });
    }
    return result;
  }
}
