import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AttributeEntity, CustomerEntity } from '@app/erp-db';
import { AppConfig } from '../../../common/config/app-config';
import { CustomerScopeStore } from '../../ports/customer-scope.store';
import { CUSTOMER_WEBSHOP_MATCH, customerInWebshop, customerWebshopParams } from '../../web-shop-release';

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
