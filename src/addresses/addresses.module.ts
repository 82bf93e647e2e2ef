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
  exports: [AddressCheckModule],
})
export class AddressesModule {}
