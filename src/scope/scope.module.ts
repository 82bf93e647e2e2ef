import { Module } from '@nestjs/common';
import { TypeOrmScopePersistenceModule } from './adapters/typeorm/typeorm-scope-persistence.module';
import { CustomerScope } from './customer-scope';

/** Import where a feature checks a customer against the user's web shop (D12). */
@Module({
  imports: [TypeOrmScopePersistenceModule],
  providers: [CustomerScope],
  exports: [CustomerScope],
})
export class ScopeModule {}
