import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AddressEntity, AttributeEntity, CustomerEntity, OrderEntity } from '@app/erp-db';
import { BatchWriterModule } from '../../../database/batch-writer.module';
import { CustomersRepository } from '../../ports/customers.repository';
import { TypeOrmCustomersRepository } from './typeorm-customers.repository';

@Module({
  imports: [
    TypeOrmModule.forFeature([CustomerEntity, AddressEntity, AttributeEntity, OrderEntity]),
    BatchWriterModule,
  ],
  providers: [{ provide: CustomersRepository, useClass: TypeOrmCustomersRepository }],
  exports: [CustomersRepository],
})
export class TypeOrmCustomersPersistenceModule {}
