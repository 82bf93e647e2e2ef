import { Module } from '@nestjs/common';
import { AddressesModule } from '../addresses/addresses.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { PricingModule } from '../pricing/pricing.module';
import { TypeOrmOrdersPersistenceModule } from './adapters/typeorm/typeorm-orders-persistence.module';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';
import { EventsModule } from '../events/events.module';

@Module({
  imports: [EventsModule, TypeOrmOrdersPersistenceModule, PricingModule, AddressesModule, IdempotencyModule],
  controllers: [OrdersController],
  providers: [OrdersService],
})
export class OrdersModule {}
