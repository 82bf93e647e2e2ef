import { Global, Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { ServiceMetrics } from './service-metrics';

@Global()
@Module({ controllers: [MetricsController], providers: [ServiceMetrics], exports: [ServiceMetrics] })
export class MetricsModule {}
