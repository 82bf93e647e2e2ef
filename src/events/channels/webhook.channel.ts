import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../common/config/app-config';
import { ErpEventMessage } from '../erp-events';
import { WebhookSender } from '../webhooks/webhook-sender';
import { DeliveryChannel } from './delivery-channel';

/** POSTs every event to each of WEBHOOK_URLS, signed with WEBHOOK_SECRET (Standard Webhooks). */
@Injectable()
export class WebhookChannel extends DeliveryChannel {
  readonly name = 'webhook';

  constructor(
    private readonly config: AppConfig,
    private readonly sender: WebhookSender,
  ) {
    super();
  }

  override targets(): string[] {
    return this.config.webhookUrls;
  }

  async deliver(message: ErpEventMessage, url: string): Promise<void> {
    await this.sender.deliver(url, this.config.webhookSecret ?? '', message.id, JSON.stringify(message));
  }
}
