import { Global, Module } from '@nestjs/common';
import { ErpEventPublisher } from './erp-event-publisher';

@Global()
@Module({ providers: [ErpEventPublisher], exports: [ErpEventPublisher] })
export class EventsModule {}
