import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../common/config/app-config';
import { ApiUsersRepository } from '../../auth/ports/api-users.repository';
import { ErpEventMessage } from '../erp-events';
import { mayUseEvents } from '../event-access';
import { WebhookSubscriptionStore } from '../ports/webhook-subscription-store';
import { WebhookSender } from '../webhooks/webhook-sender';
import { DeliveryChannel, Undeliverable } from './delivery-channel';

/**
 * The webhooks users registered through POST /www/webhooks; always on. Target: the subscription
 * id. An endpoint whose deliveries have failed or answered slower than WEBHOOK_SLOW_MS for
 * WEBHOOK_DISABLE_AFTER_HOURS is disabled.
 */
@Injectable()
export class SubscriptionChannel extends DeliveryChannel {
  readonly name = 'subscription';

  constructor(
    private readonly config: AppConfig,
    private readonly sender: WebhookSender,
    private readonly store: WebhookSubscriptionStore,
    private readonly users: ApiUsersRepository,
  ) {
    super();
  }

  /** The store adds one target per matching subscription itself. */
  override targets(): string[] {
    return [];
  }

  async deliver(message: ErpEventMessage, target: string): Promise<void> {
    const subscription = await this.store.subscription(Number(target));
    if (!subscription) throw new Undeliverable(`webhook subscription ${target} was deleted`);
    if (!subscription.enabled) throw new Undeliverable(`webhook subscription ${target} is disabled`);
    const owner = await this.users.findById(subscription.userId);
    if (!owner || !mayUseEvents(owner))
      throw new Undeliverable(`the user of webhook subscription ${target} may no longer receive events`);
    const body = JSON.stringify(message);
    const now = new Date();
    const disableBefore = new Date(now.getTime() - this.config.webhookDisableAfterHours * 3600_000);
    try {
      await this.sender.deliver(subscription.url, subscription.secret, message.id, body);
    } catch (err) {
      await this.store.subscriptionOutcome(
        subscription.id,
        false,
        now,
        disableBefore,
        (err as Error).message,
      );
      throw err;
    }
    // Delivered, but slowly: a receiver that is always slow holds its lane and is disabled in time.
    const tookMs = Date.now() - now.getTime();
    if (tookMs > this.config.webhookSlowMs) {
      const why = `answered after ${tookMs} ms (more than WEBHOOK_SLOW_MS, ${this.config.webhookSlowMs} ms)`;
      await this.store.subscriptionOutcome(subscription.id, false, now, disableBefore, why);
    } else if (subscription.failingSince)
      await this.store.subscriptionOutcome(subscription.id, true, now, now, '');
  }
}
