import { Global, Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { MetricsController } from './metrics.controller';
import { ServiceMetrics } from './service-metrics';

/** Global: the HTTP setup and the e-invoice jobs count into the one registry. */
@Global()
@Module({
  imports: [EventsModule],
  controllers: [MetricsController],
  providers: [ServiceMetrics],
  exports: [ServiceMetrics],
})
export class MetricsModule {}
