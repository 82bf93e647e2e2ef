import { Module } from '@nestjs/common';
import { AddressCheckModule } from '../addresses/address-check.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { TypeOrmCustomersPersistenceModule } from './adapters/typeorm/typeorm-customers-persistence.module';
import { CustomersController } from './customers.controller';
import { CustomersService } from './customers.service';
import { EventsModule } from '../events/events.module';
import { ScopeModule } from '../scope/scope.module';

@Module({
  imports: [
    EventsModule,
    ScopeModule,
    TypeOrmCustomersPersistenceModule,
    AddressCheckModule,
    IdempotencyModule,
  ],
  controllers: [CustomersController],
  providers: [CustomersService],
})
export class CustomersModule {}
