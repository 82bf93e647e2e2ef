import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AddressEntity,
  ArticleEntity,
  ArticleTextEntity,
  CompanyEntity,
  CurrencyEntity,
  CustomerEntity,
  PackagingUnitEntity,
  StoreEntity,
  TaxCodeEntity,
} from '@app/erp-db';
import { In, Repository } from 'typeorm';
import { Decimal, dec } from '../../../common/money';
import {
  CompanyOrderSettings,
  OrderArticle,
  OrderCustomer,
  OrderReferenceData,
  TaxCodeInfo,
} from '../../ports/order-reference-data';

interface CustomerRow {
  DebiNr: string;
  WaehrAbk: string;
  PreisListNr: number | string | null;
  PreisListTyp: string | null;
  KTNr: string | null;
  WUSTCode: string | null;
  KundKontakt: number | string;
  KundLief: number | string;
  KundRech: number | string;
  AdrSprache: string | null;
}

@Injectable()
export class TypeOrmOrderReferenceData extends OrderReferenceData {
  constructor(
    @InjectRepository(CompanyEntity) private readonly companies: Repository<CompanyEntity>,
    @InjectRepository(CurrencyEntity) private readonly currencies: Repository<CurrencyEntity>,
    @InjectRepository(StoreEntity) private readonly stores: Repository<StoreEntity>,
    @InjectRepository(CustomerEntity) private readonly customers: Repository<CustomerEntity>,
    @InjectRepository(ArticleEntity) private readonly articleRows: Repository<ArticleEntity>,
    @InjectRepository(ArticleTextEntity) private readonly texts: Repository<ArticleTextEntity>,
    @InjectRepository(PackagingUnitEntity) private readonly packaging: Repository<PackagingUnitEntity>,
    @InjectRepository(TaxCodeEntity) private readonly taxes: Repository<TaxCodeEntity>,
  ) {
    super();
  }

  async company(): Promise<CompanyOrderSettings> {
    const [firma] = await this.companies.find({ order: { FirmaNr: 'ASC' }, take: 1 });
    if (!firma) throw new Error('The company record (Firma) is missing.');
    return { Leitwaehrung: firma.Leitwaehrung, StandardWUSTCode: firma.StandardWUSTCode };
  }

  async cashRounding(waehrAbk: string): Promise<Decimal | null> {
    const currency = await this.currencies.findOne({
      select: { Rundung: true },
      where: { WaehrAbk: waehrAbk },
    });
    return currency ? dec(currency.Rundung) : null;
  }

  async storeExists(staoNr: number): Promise<boolean> {
    return this.stores.existsBy({ StaoNr: staoNr });
  }

  async customer(debiNr: string): Promise<OrderCustomer | null> {
    const row = await this.customers
      .createQueryBuilder('d')
      .leftJoin(AddressEntity, 'a', 'a.AdrNr = d.KundKontakt')
      .select([
        'd.DebiNr AS "DebiNr"',
        'd.WaehrAbk AS "WaehrAbk"',
        'd.PreisListNr AS "PreisListNr"',
        'd.PreisListTyp AS "PreisListTyp"',
        'd.KTNr AS "KTNr"',
        'd.WUSTCode AS "WUSTCode"',
        'd.KundKontakt AS "KundKontakt"',
        'd.KundLief AS "KundLief"',
        'd.KundRech AS "KundRech"',
        'a.AdrSprache AS "AdrSprache"',
      ])
      .where('d.DebiNr = :debiNr', { debiNr })
      .getRawOne<CustomerRow>();
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
    const [articles, texts, units] = await Promise.all([
      this.articleRows.find({
        select: { ArtNr: true, ArtBez: true, WUSTCode: true },
        where: { ArtNr: In(artNrs) },
      }),
      language ? this.texts.findBy({ ArtNr: In(artNrs), AdrSprache: language }) : Promise.resolve([]),
      this.packaging.find({
        select: { ArtNr: true, VPEinheit: true, VPEFaktor: true },
        where: { ArtNr: In(artNrs) },
      }),
    ]);
    const textOf = new Map(texts.map((t) => [t.ArtNr, t.ArtBez]));
    const result = new Map<string, OrderArticle>();
    for (const a of articles) {
      result.set(a.ArtNr, {
        ArtNr: a.ArtNr,
        ArtBez: textOf.get(a.ArtNr) ?? a.ArtBez,
        WUSTCode: a.WUSTCode,
        packagingFactors: new Map(),
      });
    }
    for (const u of units) result.get(u.ArtNr)?.packagingFactors.set(u.VPEinheit, dec(u.VPEFaktor));
    return result;
  }

  async taxCodes(codes: string[]): Promise<Map<string, TaxCodeInfo>> {
    if (codes.length === 0) return new Map();
    const rows = await this.taxes.findBy({ WUSTCode: In(codes) });
    return new Map(
      rows.map((t) => [
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
    );
  }
}
