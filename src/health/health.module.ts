import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { TypeOrmSchemaState } from './adapters/typeorm/typeorm-schema-state';
import { HealthController } from './health.controller';
import { SchemaState } from './ports/schema-state';
import { ServiceLifecycle } from './service-lifecycle';

@Module({
  imports: [EventsModule],
  controllers: [HealthController],
  providers: [ServiceLifecycle, { provide: SchemaState, useClass: TypeOrmSchemaState }],
  exports: [ServiceLifecycle],
})
export class HealthModule {}
