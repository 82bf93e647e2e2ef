import { Module } from '@nestjs/common';
import { AddressCheckModule } from '../addresses/address-check.module';
import { TypeOrmCustomersPersistenceModule } from './adapters/typeorm/typeorm-customers-persistence.module';
import { CustomersController } from './customers.controller';
import { CustomersService } from './customers.service';

@Module({
  imports: [TypeOrmCustomersPersistenceModule, AddressCheckModule],
  controllers: [CustomersController],
  providers: [CustomersService],
})
export class CustomersModule {}
