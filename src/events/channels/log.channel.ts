import { Injectable, Logger } from '@nestjs/common';
import { ErpEventMessage } from '../erp-events';
import { DeliveryChannel } from './delivery-channel';

/** One structured log line per event. */
@Injectable()
export class LogChannel extends DeliveryChannel {
  readonly name = 'log';
  private readonly logger = new Logger('Events');

  deliver(message: ErpEventMessage): Promise<void> {
    const key = message.event === 'REST_Auft' ? message.AuftNr : message.DebiNr;
    this.logger.log({ erpEvent: message }, `${message.event} ${message.action} ${key} (event ${message.id})`);
    return Promise.resolve();
  }
}
