import { Module } from '@nestjs/common';
import { CustomerScopeStore } from '../../ports/customer-scope.store';
import { TypeOrmCustomerScopeStore } from './typeorm-customer-scope.store';

@Module({
  providers: [{ provide: CustomerScopeStore, useClass: TypeOrmCustomerScopeStore }],
  exports: [CustomerScopeStore],
})
export class TypeOrmScopePersistenceModule {}
