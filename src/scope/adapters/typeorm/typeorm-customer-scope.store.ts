import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../common/config/app-config';
import { queryNamed, selectFirst } from '../../../database/sql-gateway';
import { CustomerScopeStore } from '../../ports/customer-scope.store';
import { CUSTOMER_WEBSHOP_MATCH, customerInWebshop, customerWebshopParams } from '../../web-shop-release';

@Injectable()
export class TypeOrmCustomerScopeStore extends CustomerScopeStore {
  private readonly addressSql: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {
    super();
    this.addressSql = selectFirst(
      dataSource,
      `d."DebiNr" AS "DebiNr" FROM "Debitor" d
WHERE (d."KundKontakt" = :adrNr OR d."KundLief" = :adrNr OR d."KundRech" = :adrNr)
  AND ${customerInWebshop('d."DebiNr"')}`,
    );
  }

  async customersOf(webshop: string, debiNrs: string[]): Promise<Set<string>> {
    if (debiNrs.length === 0) return new Set();
    const rows = await queryNamed<{ DebiNr: string }>(
      this.dataSource,
      `SELECT w."ObjKey" AS "DebiNr" FROM "Attribut" w WHERE ${CUSTOMER_WEBSHOP_MATCH} AND w."ObjKey" IN (:...debiNrs)`,
      { ...this.params(webshop), debiNrs },
    );
    return new Set(rows.map((r) => r.DebiNr));
  }

  async addressOf(webshop: string, adrNr: number): Promise<boolean> {
    const rows = await queryNamed(this.dataSource, this.addressSql, { adrNr, ...this.params(webshop) });
    return rows.length > 0;
  }

  private params(webshop: string): Record<string, string> {
    return customerWebshopParams(this.config, webshop);
  }
}
