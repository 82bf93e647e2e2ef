import { SameTurnReads } from '../../../database/turn-shared-reads';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inListBucket, inPieces, MAX_KEYS_PER_STATEMENT } from '../../../database/in-list-bucket';
import { queryPreparedNamed } from '../../../database/sql-gateway';
import { CandidatePriceList, PriceSources, StoredPrice } from '../../ports/price-sources';
import { priceFromValues, PRICES_SQL, PriceRow, toStoredPrice } from '../price-sql';
import { ReadStatement, SqlReader } from '../../../database/sql-reader';

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

/**
 * The candidate lists with their prices for some articles: one row per list and price (a list
 * without any of the articles' prices comes once, with NULL price columns).
 */
const LISTS_WITH_PRICES_SQL = `
SELECT c."PreisListNr" AS "PreisListNr", c."Preisart" AS "Preisart", c."step" AS "step",
  p."ArtNr" AS "ArtNr", p."VPEinheit" AS "VPEinheit", p."AbAnzahl" AS "AbAnzahl", p."BisAnzahl" AS "BisAnzahl",
  p."PreisList" AS "PreisList", p."GeaendertAm" AS "GeaendertAm"
FROM (${CANDIDATE_LISTS_SQL}) c
LEFT JOIN "Preis" p ON p."PreisListNr" = c."PreisListNr" AND p."ArtNr" IN (:...artNrs)`;

interface CandidateRow {
  PreisListNr: number | string;
  Preisart: string;
  step: number | string;
}

@Injectable()
export class TypeOrmPriceSources extends PriceSources {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reader: SqlReader,
  ) {
    super();
  }

  private readonly lists = new SameTurnReads<CandidatePriceList[]>();

  /** Every list request runs it: once for the requests of one event-loop turn (each caller gets its own array). */
  async candidateLists(debiNr: string | null, waehrAbk: string): Promise<CandidatePriceList[]> {
    const lists = await this.lists.read(JSON.stringify([debiNr, waehrAbk]), () =>
      this.readCandidateLists(debiNr, waehrAbk),
    );
    return lists.map((l) => ({ ...l }));
  }

  private async readCandidateLists(debiNr: string | null, waehrAbk: string): Promise<CandidatePriceList[]> {
    const rows = await queryPreparedNamed<CandidateRow>(this.dataSource, CANDIDATE_LISTS_SQL, {
      debiNr,
      waehrAbk,
    });
    return rows.map((r) => ({
      PreisListNr: Number(r.PreisListNr),
      Preisart: r.Preisart,
      step: Number(r.step) as CandidatePriceList['step'],
    }));
  }

  /** One query instead of two (up to MAX_KEYS_PER_STATEMENT articles; more go the two-query way). */
  override async candidateListsWithPrices(
    debiNr: string | null,
    waehrAbk: string,
    artNrs: string[],
  ): Promise<{ lists: CandidatePriceList[]; prices: StoredPrice[] }> {
    if (artNrs.length === 0 || artNrs.length > MAX_KEYS_PER_STATEMENT)
      return super.candidateListsWithPrices(debiNr, waehrAbk, artNrs);
    // Prepared on PostgreSQL (order creation runs it for every order), one statement per size
    // class of the article list.
    const rows = await queryPreparedNamed<CandidateRow & Partial<PriceRow>>(
      this.dataSource,
      LISTS_WITH_PRICES_SQL,
      { debiNr, waehrAbk, artNrs: inListBucket(artNrs) },
    );
    const lists = new Map<number, CandidatePriceList>();
    const prices: StoredPrice[] = [];
    for (const r of rows) {
      const listNr = Number(r.PreisListNr);
      if (!lists.has(listNr))
        lists.set(listNr, {
          PreisListNr: listNr,
          Preisart: r.Preisart,
          step: Number(r.step) as CandidatePriceList['step'],
        });
      if (r.ArtNr === null || r.ArtNr === undefined) continue;
      prices.push(toStoredPrice({ ...(r as PriceRow), PreisListNr: listNr }));
    }
    return { lists: [...lists.values()], prices };
  }

  async prices(listNrs: number[], artNrs: string[], vpEinheit?: string): Promise<StoredPrice[]> {
    if (listNrs.length === 0 || artNrs.length === 0) return [];
    const sql = PRICES_SQL + (vpEinheit === undefined ? '' : ' AND "VPEinheit" = :vpEinheit');
    const filter = { listNrs, ...(vpEinheit === undefined ? {} : { vpEinheit }) };
    const statements: ReadStatement[] = inPieces(artNrs, MAX_KEYS_PER_STATEMENT).map((keys) => ({
      sql,
      params: { ...filter, artNrs: inListBucket(keys) },
    }));
    return (await this.reader.read(statements)).flat().map(priceFromValues);
  }
}
