import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AddressEntity, AttributeEntity, CurrencyEntity, CustomerEntity, OrderEntity } from '@app/erp-db';
import { NumberRangeModule } from '../../../common/number-range/number-range.module';
import { CustomersRepository } from '../../ports/customers.repository';
import { TypeOrmCustomersRepository } from './typeorm-customers.repository';

@Module({
  imports: [
    TypeOrmModule.forFeature([CustomerEntity, AddressEntity, AttributeEntity, OrderEntity, CurrencyEntity]),
    NumberRangeModule,
  ],
  providers: [{ provide: CustomersRepository, useClass: TypeOrmCustomersRepository }],
  exports: [CustomersRepository],
})
export class TypeOrmCustomersPersistenceModule {}
