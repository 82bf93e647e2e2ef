import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../common/config/app-config';
import { Decimal, DecimalLike, dec } from '../../../common/money';
import { inListBucket } from '../../../database/in-lists';
import { queryNamed, queryPreparedNamed } from '../../../database/sql-gateway';
import { articleReleased, customerInWebshop, customerWebshopParams } from '../../../scope/web-shop-release';
import {
  CompanyOrderSettings,
  OrderArticle,
  OrderCustomer,
  OrderLookUp,
  OrderReferenceData,
  OrderWebshops,
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

const CUSTOMER_COLUMNS = `d."DebiNr" AS "DebiNr", d."WaehrAbk" AS "WaehrAbk", d."PreisListNr" AS "PreisListNr",
  d."PreisListTyp" AS "PreisListTyp", d."KTNr" AS "KTNr", d."WUSTCode" AS "WUSTCode", d."KundKontakt" AS "KundKontakt",
  d."KundLief" AS "KundLief", d."KundRech" AS "KundRech"`;

const CUSTOMER_SQL = `SELECT ${CUSTOMER_COLUMNS} FROM "Debitor" d WHERE d."DebiNr" = :debiNr`;
/** The same for a web-shop user: no row for a customer outside its web shop (D12). */
const CUSTOMER_IN_WEBSHOP_SQL = `${CUSTOMER_SQL} AND ${customerInWebshop('d."DebiNr"')}`;

/**
 * What an order is checked against, in one statement: one row per article and packaging unit
 * (at least one row, from the one-row driver), each carrying the customer (NULLs when unknown),
 * whether the user may order for it (web shop, D12), the order that already has KundNr +
 * AuftBestellNr, the article text in the language of the customer's contact address and whether
 * the user may order the article (active, released for its web shop). Portable SQL (SQLite,
 * PostgreSQL, SQL Server); one text per combination of the two web-shop tests.
 */
function lookUpSql({ articles, customers }: { articles: boolean; customers: boolean }): string {
  const released = articles ? ` AND ${articleReleased('a')}` : '';
  const inScope = customers ? `CASE WHEN ${customerInWebshop('d."DebiNr"')} THEN 1 ELSE 0 END` : '1';
  return `
SELECT ${CUSTOMER_COLUMNS}, ${inScope} AS "InScope",
  (SELECT MIN(o."AuftNr") FROM "Auftrag" o WHERE o."KundNr" = :debiNr AND o."AuftBestellNr" = :auftBestellNr) AS "ExistingAuftNr",
  a."ArtNr" AS "ArtNr", a."ArtBez" AS "ArtBez", a."WUSTCode" AS "ArtWUSTCode", t."ArtBez" AS "TextBez",
  CASE WHEN a."ArtikelStatus" = 1${released} THEN 1 ELSE 0 END AS "Orderable",
  v."VPEinheit" AS "VPEinheit", v."VPEFaktor" AS "VPEFaktor"
FROM (SELECT 1 AS "one") x
LEFT JOIN "Debitor" d ON d."DebiNr" = :debiNr
LEFT JOIN "Adressen" k ON k."AdrNr" = d."KundKontakt"
LEFT JOIN "Artikel" a ON a."ArtNr" IN (:...artNrs)
LEFT JOIN "ArtikelText" t ON t."ArtNr" = a."ArtNr" AND t."AdrSprache" = k."AdrSprache"
LEFT JOIN "ArtikelVPE" v ON v."ArtNr" = a."ArtNr"`;
}

/** lookUpSql by [articles, customers] tested. */
const LOOK_UP_SQL = [false, true].map((articles) =>
  [false, true].map((customers) => lookUpSql({ articles, customers })),
);

type LookUpRow = { [K in keyof CustomerRow]: CustomerRow[K] | null } & {
  InScope: number | string;
  ExistingAuftNr: string | null;
  ArtNr: string | null;
  Orderable: number | string;
  ArtBez: string;
  ArtWUSTCode: string | null;
  TextBez: string | null;
  VPEinheit: string | null;
  VPEFaktor: DecimalLike | null;
};

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

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {
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

  async customer(debiNr: string, customers: string | null): Promise<OrderCustomer | null> {
    const [row] = await queryNamed<CustomerRow>(
      this.dataSource,
      customers === null ? CUSTOMER_SQL : CUSTOMER_IN_WEBSHOP_SQL,
      { debiNr, ...customerWebshopParams(this.config, customers) },
    );
    return row ? toCustomer(row) : null;
  }

  async lookUp(
    debiNr: string,
    auftBestellNr: string | null,
    artNrs: string[],
    webshops: OrderWebshops,
  ): Promise<OrderLookUp> {
    // An empty IN () is not SQL; an ArtNr is never empty (the DTO requires one), so '' finds nothing.
    // Prepared on PostgreSQL, one statement per size class of the article list. Both web-shop
    // tests take the user's web shop (the customers' one is null for admins).
    const sql = LOOK_UP_SQL[Number(webshops.articles !== null)][Number(webshops.customers !== null)];
    const rows = await queryPreparedNamed<LookUpRow>(this.dataSource, sql, {
      debiNr,
      auftBestellNr,
      artNrs: artNrs.length === 0 ? [''] : inListBucket(artNrs),
      ...customerWebshopParams(this.config, webshops.articles ?? webshops.customers),
    });
    const first = rows[0];
    const inScope = first !== undefined && first.DebiNr != null && Number(first.InScope) === 1;
    const articles = new Map<string, OrderArticle>();
    const orderable = new Set<string>();
    for (const row of rows) {
      if (row.ArtNr === null) continue;
      let article = articles.get(row.ArtNr);
      if (!article) {
        article = {
          ArtNr: row.ArtNr,
          ArtBez: row.TextBez ?? row.ArtBez,
          WUSTCode: row.ArtWUSTCode,
          packagingFactors: new Map(),
        };
        articles.set(row.ArtNr, article);
        if (Number(row.Orderable) === 1) orderable.add(row.ArtNr);
      }
      if (row.VPEinheit !== null && row.VPEFaktor !== null)
        article.packagingFactors.set(row.VPEinheit, dec(row.VPEFaktor));
    }
    return {
      existingAuftNr: inScope ? first.ExistingAuftNr : null,
      customer: inScope ? toCustomer(first as CustomerRow) : null,
      articles,
      orderable,
    };
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
      queryNamed<{ Leitwaehrung: string; StandardWUSTCode: string }>(
        this.dataSource,
        'SELECT "FirmaNr", "Leitwaehrung", "StandardWUSTCode" FROM "Firma" ORDER BY "FirmaNr"',
        {},
      ),
      queryNamed<{ WaehrAbk: string; Rundung: DecimalLike }>(
        this.dataSource,
        'SELECT "WaehrAbk", "Rundung" FROM "Waehrung"',
        {},
      ),
      queryNamed<TaxCodeRow>(
        this.dataSource,
        'SELECT "WUSTCode", "WUSTSatz", "WUSTBez", "WUSTKlasse", "VSTSZiffer", "USTSZiffer", "USTUZiffer" FROM "MWSTCode"',
        {},
      ),
      queryNamed<{ StaoNr: Id }>(this.dataSource, 'SELECT "StaoNr" FROM "Standort"', {}),
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
}

function toCustomer(row: CustomerRow): OrderCustomer {
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
