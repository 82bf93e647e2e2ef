import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { HealthController } from './health.controller';
import { ServiceLifecycle } from './service-lifecycle';

@Module({
  imports: [EventsModule],
  controllers: [HealthController],
  providers: [ServiceLifecycle],
  exports: [ServiceLifecycle],
})
export class HealthModule {}
