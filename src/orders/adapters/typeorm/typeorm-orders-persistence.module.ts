import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  AddressEntity,
  NumberRangeEntity,
  OrderAddressEntity,
  OrderEntity,
  OrderLineEntity,
  OrderPaymentEntity,
} from '@app/erp-db';
import { AtomicWritesModule } from '../../../database/atomic-writes.module';
import { OrderReferenceData } from '../../ports/order-reference-data';
import { OrdersRepository } from '../../ports/orders.repository';
import { TypeOrmOrderReferenceData } from './typeorm-order-reference-data';
import { TypeOrmOrdersRepository } from './typeorm-orders.repository';

@Module({
  imports: [
    AtomicWritesModule,
    TypeOrmModule.forFeature([
      OrderEntity,
      OrderLineEntity,
      OrderAddressEntity,
      OrderPaymentEntity,
      AddressEntity,
      NumberRangeEntity,
    ]),
  ],
  providers: [
    { provide: OrdersRepository, useClass: TypeOrmOrdersRepository },
    { provide: OrderReferenceData, useClass: TypeOrmOrderReferenceData },
  ],
  exports: [OrdersRepository, OrderReferenceData],
})
export class TypeOrmOrdersPersistenceModule {}
