import { SameTurnReads } from '../../../database/same-turn-reads';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inListBucket, inPieces, MAX_KEYS_PER_STATEMENT } from '../../../database/in-lists';
import { queryPreparedNamed } from '../../../database/sql-gateway';
import { CandidatePriceList, PriceSources, StoredPrice } from '../../ports/price-sources';
import { priceFromValues, PRICES_SQL } from '../price-sql';
import { ReadStatement, BulkReader } from '../../../database/bulk-reader';

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

interface CandidateRow {
  PreisListNr: number | string;
  Preisart: string;
  step: number | string;
}

@Injectable()
export class SqlPriceSources extends PriceSources {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reader: BulkReader,
  ) {
    super();
  }

  private readonly lists = new SameTurnReads<CandidateRow[]>();

  /** Every list request runs it: once for the requests of one event-loop turn (each caller gets its own array). */
  async candidateLists(debiNr: string | null, waehrAbk: string): Promise<CandidatePriceList[]> {
    const rows = await this.lists.read(JSON.stringify([debiNr, waehrAbk]), () =>
      queryPreparedNamed<CandidateRow>(this.dataSource, CANDIDATE_LISTS_SQL, { debiNr, waehrAbk }),
    );
    return rows.map((r) => ({
      PreisListNr: Number(r.PreisListNr),
      Preisart: r.Preisart,
      step: Number(r.step) as CandidatePriceList['step'],
    }));
  }

  async prices(listNrs: number[], artNrs: string[]): Promise<StoredPrice[]> {
    if (listNrs.length === 0 || artNrs.length === 0) return [];
    return (await this.reader.read(this.byArticles(PRICES_SQL, { listNrs }, artNrs)))
      .flat()
      .map(priceFromValues);
  }

  /** One statement per piece of the article list (IN lists of MAX_KEYS_PER_STATEMENT at most). */
  private byArticles(sql: string, params: Record<string, unknown>, artNrs: string[]): ReadStatement[] {
    return inPieces(artNrs, MAX_KEYS_PER_STATEMENT).map((keys) => ({
      sql,
      params: { ...params, artNrs: inListBucket(keys) },
    }));
  }
}
