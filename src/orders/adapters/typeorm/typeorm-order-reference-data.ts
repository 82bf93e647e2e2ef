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
SELECT d."DebiNr" AS "DebiNr", d."WaehrAbk" AS "WaehrAbk", d."PreisListNr" AS "PreisListNr",
  d."PreisListTyp" AS "PreisListTyp", d."KTNr" AS "KTNr", d."WUSTCode" AS "WUSTCode",
  d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief", d."KundRech" AS "KundRech",
  a."AdrSprache" AS "AdrSprache"
FROM "Debitor" d LEFT JOIN "Adressen" a ON a."AdrNr" = d."KundKontakt"
WHERE d."DebiNr" = :debiNr`;

const ARTICLES_SQL = `
SELECT a."ArtNr" AS "ArtNr", a."ArtBez" AS "ArtBez", a."WUSTCode" AS "WUSTCode", t."ArtBez" AS "TextBez"
FROM "Artikel" a LEFT JOIN "ArtikelText" t ON t."ArtNr" = a."ArtNr" AND t."AdrSprache" = :language
WHERE a."ArtNr" IN (:...artNrs)`;

const PACKAGING_SQL = `
SELECT "ArtNr", "VPEinheit", "VPEFaktor" FROM "ArtikelVPE" WHERE "ArtNr" IN (:...artNrs)`;

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
  AdrSprache: string | null;
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
      AdrSprache: row.AdrSprache,
    };
  }

  async articles(artNrs: string[], language: string | null): Promise<Map<string, OrderArticle>> {
    if (artNrs.length === 0) return new Map();
    const [articles, units] = await Promise.all([
      this.run<{ ArtNr: string; ArtBez: string; WUSTCode: string | null; TextBez: string | null }>(
        ARTICLES_SQL,
        {
          artNrs,
          language: language ?? '',
        },
      ),
      this.run<{ ArtNr: string; VPEinheit: string; VPEFaktor: DecimalLike }>(PACKAGING_SQL, { artNrs }),
    ]);
    const result = new Map<string, OrderArticle>();
    for (const a of articles) {
      result.set(a.ArtNr, {
        ArtNr: a.ArtNr,
        ArtBez: a.TextBez ?? a.ArtBez,
        WUSTCode: a.WUSTCode,
        packagingFactors: new Map(),
      });
    }
    for (const u of units) result.get(u.ArtNr)?.packagingFactors.set(u.VPEinheit, dec(u.VPEFaktor));
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
