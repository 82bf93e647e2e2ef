import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  AddressEntity,
  OrderAddressEntity,
  OrderEntity,
  OrderLineEntity,
  OrderPaymentEntity,
} from '@app/erp-db';
import { UnitOfWorkModule } from '../../../database/unit-of-work.module';
import { OrderReferenceData } from '../../ports/order-reference-data';
import { OrdersRepository } from '../../ports/orders.repository';
import { TypeOrmOrderReferenceData } from './typeorm-order-reference-data';
import { TypeOrmOrdersRepository } from './typeorm-orders.repository';

@Module({
  imports: [
    UnitOfWorkModule,
    TypeOrmModule.forFeature([
      OrderEntity,
      OrderLineEntity,
      OrderAddressEntity,
      OrderPaymentEntity,
      AddressEntity,
    ]),
  ],
  providers: [
    { provide: OrdersRepository, useClass: TypeOrmOrdersRepository },
    { provide: OrderReferenceData, useClass: TypeOrmOrderReferenceData },
  ],
  exports: [OrdersRepository, OrderReferenceData],
})
export class TypeOrmOrdersPersistenceModule {}
