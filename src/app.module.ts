import { Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { AddressesModule } from './addresses/addresses.module';
import { ArticlesModule } from './articles/articles.module';
import { AuthModule } from './auth/auth.module';
import { AppConfigModule } from './common/config/app-config.module';
import { CustomersModule } from './customers/customers.module';
import { DatabaseModule } from './database/database.module';
import { EInvoiceModule } from './e-invoice/e-invoice.module';
import { EventsModule } from './events/events.module';
import { HealthModule } from './health/health.module';
import { LogModule } from './log/log.module';
import { MediaModule } from './media/media.module';
import { MetricsModule } from './metrics/metrics.module';
import { OrdersModule } from './orders/orders.module';
import { PricingModule } from './pricing/pricing.module';

@Module({
  imports: [
    AppConfigModule,
    DatabaseModule,
    EventEmitterModule.forRoot(),
    EventsModule,
    AuthModule,
    HealthModule,
    MetricsModule,
    PricingModule,
    ArticlesModule,
    MediaModule,
    CustomersModule,
    AddressesModule,
    OrdersModule,
    EInvoiceModule,
    LogModule,
  ],
})
export class AppModule {}
