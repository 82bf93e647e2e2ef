import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AttributeEntity } from '@app/erp-db';
import { UnitOfWorkModule } from '../../../database/unit-of-work.module';
import { EventStore } from '../../ports/event-store';
import { EventSwitch } from '../../ports/event-switch';
import { TypeOrmEventStore } from './typeorm-event-store';
import { TypeOrmEventSwitch } from './typeorm-event-switch';

@Module({
  imports: [TypeOrmModule.forFeature([AttributeEntity]), UnitOfWorkModule],
  providers: [
    { provide: EventSwitch, useClass: TypeOrmEventSwitch },
    { provide: EventStore, useClass: TypeOrmEventStore },
  ],
  exports: [EventSwitch, EventStore],
})
export class TypeOrmEventsPersistenceModule {}
