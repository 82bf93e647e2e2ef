import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AttributeEntity } from '@app/erp-db';
import { TypeOrmEventSwitch } from './adapters/typeorm/typeorm-event-switch';
import { ErpEventPublisher } from './erp-event-publisher';
import { EventSwitch } from './ports/event-switch';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AttributeEntity])],
  providers: [ErpEventPublisher, { provide: EventSwitch, useClass: TypeOrmEventSwitch }],
  exports: [ErpEventPublisher],
})
export class EventsModule {}
