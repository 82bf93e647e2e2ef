import { Module } from '@nestjs/common';
import { BatchWriterModule } from '../../../database/batch-writer.module';
import { CustomersRepository } from '../../ports/customers.repository';
import { TypeOrmCustomersRepository } from './typeorm-customers.repository';

@Module({
  imports: [BatchWriterModule],
  providers: [{ provide: CustomersRepository, useClass: TypeOrmCustomersRepository }],
  exports: [CustomersRepository],
})
export class TypeOrmCustomersPersistenceModule {}
