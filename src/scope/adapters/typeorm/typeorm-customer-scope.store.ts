import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AttributeEntity, CustomerEntity } from '@app/erp-db';
import { releasesForWebshop } from '../../../articles/adapters/typeorm/article-detail-sql';
import { webshopParams } from '../../../articles/adapters/typeorm/article-sql';
import { AppConfig } from '../../../common/config/app-config';
import { CustomerScopeStore } from '../../ports/customer-scope.store';

/** The attribute list test of the article catalogue, applied to customer attributes. */
export const CUSTOMER_WEBSHOP_MATCH = `w."ObjTyp" = 'DEBI' AND ${releasesForWebshop('w')}`;

/**
 * Whether the customer numbered `debiNr` (an SQL expression) belongs to the user's web shop: a
 * look-up of its own attribute row through
 * IX_Attribut_Owner_Record (type, key, owner) per customer. As a scalar subquery, because as a join
 * or EXISTS PostgreSQL may start from the attributes instead: it takes the LIKE on the comma list
 * for rare and read every customer's attribute row (200,000 of them) for one search.
 */
export function customerInWebshop(debiNr: string): string {
  return `(SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjKey" = ${debiNr} AND ${CUSTOMER_WEBSHOP_MATCH}) > 0`;
}

/** The parameters of CUSTOMER_WEBSHOP_MATCH; none without a web shop (no test). */
export function customerWebshopParams(config: AppConfig, webshop: string | null): Record<string, string> {
  return webshop === null ? {} : (webshopParams(config.attributeWebshop, webshop) as Record<string, string>);
}

@Injectable()
export class TypeOrmCustomerScopeStore extends CustomerScopeStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {
    super();
  }

  async customersOf(webshop: string, debiNrs: string[]): Promise<Set<string>> {
    if (debiNrs.length === 0) return new Set();
    const rows = await this.dataSource
      .getRepository(AttributeEntity)
      .createQueryBuilder('w')
      .select('w.ObjKey', 'DebiNr')
      .where(CUSTOMER_WEBSHOP_MATCH, this.params(webshop))
      .andWhere('w.ObjKey IN (:...debiNrs)', { debiNrs })
      .getRawMany<{ DebiNr: string }>();
    return new Set(rows.map((r) => r.DebiNr));
  }

  async addressOf(webshop: string, adrNr: number): Promise<boolean> {
    const row = await this.dataSource
      .getRepository(CustomerEntity)
      .createQueryBuilder('d')
      .select('d.DebiNr', 'DebiNr')
      .where('(d.KundKontakt = :adrNr OR d.KundLief = :adrNr OR d.KundRech = :adrNr)', { adrNr })
      .andWhere(customerInWebshop('d."DebiNr"'), this.params(webshop))
      .limit(1)
      .getRawOne();
    return row !== undefined && row !== null;
  }

  private params(webshop: string): Record<string, string> {
    return customerWebshopParams(this.config, webshop);
  }
}
