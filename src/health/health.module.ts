import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { ServiceLifecycle } from './service-lifecycle';

@Module({ controllers: [HealthController], providers: [ServiceLifecycle], exports: [ServiceLifecycle] })
export class HealthModule {}
