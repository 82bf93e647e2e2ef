import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Decimal, DecimalLike, dec } from '../../../common/money';
import {
  CompanyOrderSettings,
  OrderArticle,
  OrderCustomer,
  OrderReferenceData,
  TaxCodeInfo,
} from '../../ports/order-reference-data';

/**
 * Company settings, currencies, tax codes and locations are small tables that change rarely;
 * each instance reads them at most every 30 s instead of on every order.
 */
const SETTINGS_TTL_MS = 30_000;

interface Settings {
  company: CompanyOrderSettings;
  rounding: Map<string, Decimal>;
  taxCodes: Map<string, TaxCodeInfo>;
  stores: Set<number>;
}

const CUSTOMER_SQL = `
SELECT "DebiNr", "WaehrAbk", "PreisListNr", "PreisListTyp", "KTNr", "WUSTCode", "KundKontakt", "KundLief", "KundRech"
FROM "Debitor" WHERE "DebiNr" = :debiNr`;

/** One row per article and packaging unit; the text in the language of the customer's contact address. */
const ARTICLES_SQL = `
SELECT a."ArtNr" AS "ArtNr", a."ArtBez" AS "ArtBez", a."WUSTCode" AS "WUSTCode", t."ArtBez" AS "TextBez",
  v."VPEinheit" AS "VPEinheit", v."VPEFaktor" AS "VPEFaktor"
FROM "Artikel" a
LEFT JOIN "ArtikelText" t ON t."ArtNr" = a."ArtNr" AND t."AdrSprache" = (
  SELECT k."AdrSprache" FROM "Debitor" d JOIN "Adressen" k ON k."AdrNr" = d."KundKontakt" WHERE d."DebiNr" = :debiNr)
LEFT JOIN "ArtikelVPE" v ON v."ArtNr" = a."ArtNr"
WHERE a."ArtNr" IN (:...artNrs)`;

interface ArticleRow {
  ArtNr: string;
  ArtBez: string;
  WUSTCode: string | null;
  TextBez: string | null;
  VPEinheit: string | null;
  VPEFaktor: DecimalLike | null;
}

type Id = number | string;

interface CustomerRow {
  DebiNr: string;
  WaehrAbk: string;
  PreisListNr: Id | null;
  PreisListTyp: string | null;
  KTNr: string | null;
  WUSTCode: string | null;
  KundKontakt: Id;
  KundLief: Id;
  KundRech: Id;
}

interface TaxCodeRow {
  WUSTCode: string;
  WUSTSatz: DecimalLike;
  WUSTBez: string;
  WUSTKlasse: string;
  VSTSZiffer: string | null;
  USTSZiffer: string | null;
  USTUZiffer: string | null;
}

@Injectable()
export class TypeOrmOrderReferenceData extends OrderReferenceData {
  private settings: { value: Promise<Settings>; until: number } | null = null;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async company(): Promise<CompanyOrderSettings> {
    return (await this.current()).company;
  }

  async cashRounding(waehrAbk: string): Promise<Decimal | null> {
    return (await this.current()).rounding.get(waehrAbk) ?? null;
  }

  async storeExists(staoNr: number): Promise<boolean> {
    return (await this.current()).stores.has(staoNr);
  }

  async taxCodes(codes: string[]): Promise<Map<string, TaxCodeInfo>> {
    const all = (await this.current()).taxCodes;
    return new Map(codes.flatMap((c) => (all.has(c) ? [[c, all.get(c) as TaxCodeInfo]] : [])));
  }

  async customer(debiNr: string): Promise<OrderCustomer | null> {
    const [row] = await this.run<CustomerRow>(CUSTOMER_SQL, { debiNr });
    if (!row) return null;
    return {
      DebiNr: row.DebiNr,
      WaehrAbk: row.WaehrAbk,
      PreisListNr: row.PreisListNr === null ? null : Number(row.PreisListNr),
      PreisListTyp: row.PreisListTyp,
      KTNr: row.KTNr,
      WUSTCode: row.WUSTCode,
      KundKontakt: Number(row.KundKontakt),
      KundLief: Number(row.KundLief),
      KundRech: Number(row.KundRech),
    };
  }

  async articles(artNrs: string[], debiNr: string): Promise<Map<string, OrderArticle>> {
    if (artNrs.length === 0) return new Map();
    const result = new Map<string, OrderArticle>();
    for (const row of await this.run<ArticleRow>(ARTICLES_SQL, { artNrs, debiNr })) {
      let article = result.get(row.ArtNr);
      if (!article) {
        article = {
          ArtNr: row.ArtNr,
          ArtBez: row.TextBez ?? row.ArtBez,
          WUSTCode: row.WUSTCode,
          packagingFactors: new Map(),
        };
        result.set(row.ArtNr, article);
      }
      if (row.VPEinheit !== null && row.VPEFaktor !== null)
        article.packagingFactors.set(row.VPEinheit, dec(row.VPEFaktor));
    }
    return result;
  }

  private current(): Promise<Settings> {
    const now = Date.now();
    if (!this.settings || this.settings.until <= now) {
      const value = this.load();
      this.settings = { value, until: now + SETTINGS_TTL_MS };
      value.catch(() => {
        if (this.settings?.value === value) this.settings = null;
      });
    }
    return this.settings.value;
  }

  private async load(): Promise<Settings> {
    const [companies, currencies, taxes, stores] = await Promise.all([
      this.run<{ Leitwaehrung: string; StandardWUSTCode: string }>(
        'SELECT "FirmaNr", "Leitwaehrung", "StandardWUSTCode" FROM "Firma" ORDER BY "FirmaNr"',
        {},
      ),
      this.run<{ WaehrAbk: string; Rundung: DecimalLike }>(
        'SELECT "WaehrAbk", "Rundung" FROM "Waehrung"',
        {},
      ),
      this.run<TaxCodeRow>(
        'SELECT "WUSTCode", "WUSTSatz", "WUSTBez", "WUSTKlasse", "VSTSZiffer", "USTSZiffer", "USTUZiffer" FROM "MWSTCode"',
        {},
      ),
      this.run<{ StaoNr: Id }>('SELECT "StaoNr" FROM "Standort"', {}),
    ]);
    if (companies.length === 0) throw new Error('The company record (Firma) is missing.');
    return {
      company: { Leitwaehrung: companies[0].Leitwaehrung, StandardWUSTCode: companies[0].StandardWUSTCode },
      rounding: new Map(currencies.map((c) => [c.WaehrAbk, dec(c.Rundung)])),
      taxCodes: new Map(
        taxes.map((t) => [
          t.WUSTCode,
          {
            WUSTCode: t.WUSTCode,
            WUSTSatz: dec(t.WUSTSatz),
            WUSTBez: t.WUSTBez,
            WUSTKlasse: t.WUSTKlasse,
            VSTSZiffer: t.VSTSZiffer,
            USTSZiffer: t.USTSZiffer,
            USTUZiffer: t.USTUZiffer,
          },
        ]),
      ),
      stores: new Set(stores.map((s) => Number(s.StaoNr))),
    };
  }

  private run<T>(sql: string, params: Record<string, unknown>): Promise<T[]> {
    const [query, values] = this.dataSource.driver.escapeQueryWithParameters(sql, params, {});
    return this.dataSource.query(query, values);
  }
}
