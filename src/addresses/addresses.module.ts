import { Module } from '@nestjs/common';
import { AddressCheckModule } from './address-check.module';
import { AddressSearchController } from './address-search.controller';
import { AddressesController } from './addresses.controller';
import { AddressesService } from './addresses.service';
import { TypeOrmAddressesPersistenceModule } from './adapters/typeorm/typeorm-addresses-persistence.module';
import { ScopeModule } from '../scope/scope.module';

@Module({
  imports: [ScopeModule, AddressCheckModule, TypeOrmAddressesPersistenceModule],
  controllers: [AddressesController, AddressSearchController],
  providers: [AddressesService],
  // Orders read a customer's addresses through the port (its adapter stays this module's choice).
  exports: [AddressCheckModule, TypeOrmAddressesPersistenceModule],
})
export class AddressesModule {}
