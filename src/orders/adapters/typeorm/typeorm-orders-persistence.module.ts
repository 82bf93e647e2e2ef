import { Module } from '@nestjs/common';
import { BatchWriterModule } from '../../../database/batch-writer.module';
import { OrderReferenceData } from '../../ports/order-reference-data';
import { OrdersRepository } from '../../ports/orders.repository';
import { TypeOrmOrderReferenceData } from './typeorm-order-reference-data';
import { TypeOrmOrdersRepository } from './typeorm-orders.repository';

@Module({
  imports: [BatchWriterModule],
  providers: [
    { provide: OrdersRepository, useClass: TypeOrmOrdersRepository },
    { provide: OrderReferenceData, useClass: TypeOrmOrderReferenceData },
  ],
  exports: [OrdersRepository, OrderReferenceData],
})
export class TypeOrmOrdersPersistenceModule {}
