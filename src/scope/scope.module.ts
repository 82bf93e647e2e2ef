import { Global, Module } from '@nestjs/common';
import { TypeOrmCustomerScopeStore } from './adapters/typeorm/typeorm-customer-scope.store';
import { CustomerScope } from './customer-scope';
import { CustomerScopeStore } from './ports/customer-scope.store';

@Global()
@Module({
  providers: [CustomerScope, { provide: CustomerScopeStore, useClass: TypeOrmCustomerScopeStore }],
  exports: [CustomerScope, CustomerScopeStore],
})
export class ScopeModule {}
