import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { ErpEventMap, ErpEventName } from './erp-events';

/**
 * The one typed place that publishes REST_Auft / REST_Kunde. Call it only after the
 * transaction that made the change has committed.
 */
@Injectable()
export class ErpEventPublisher {
  constructor(private readonly emitter: EventEmitter2) {}

  publish<K extends ErpEventName>(name: K, payload: ErpEventMap[K]): void {
    this.emitter.emit(name, payload);
  }
}
