import { Module } from '@nestjs/common';
import { AddressCheckModule } from '../addresses/address-check.module';
import { TypeOrmAddressesPersistenceModule } from '../addresses/adapters/typeorm/typeorm-addresses-persistence.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { PricingModule } from '../pricing/pricing.module';
import { TypeOrmOrdersPersistenceModule } from './adapters/typeorm/typeorm-orders-persistence.module';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';
import { EventsModule } from '../events/events.module';

@Module({
  imports: [
    EventsModule,
    TypeOrmOrdersPersistenceModule,
    PricingModule,
    AddressCheckModule,
    TypeOrmAddressesPersistenceModule,
    IdempotencyModule,
  ],
  controllers: [OrdersController],
  providers: [OrdersService],
})
export class OrdersModule {}
