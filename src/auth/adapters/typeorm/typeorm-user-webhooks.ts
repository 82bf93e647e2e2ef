import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { WebhookSubscriptionEntity } from '@app/erp-db';
import { UserWebhooks } from '../../ports/user-webhooks';

@Injectable()
export class TypeOrmUserWebhooks extends UserWebhooks {
  constructor(
    @InjectRepository(WebhookSubscriptionEntity)
    private readonly webhooks: Repository<WebhookSubscriptionEntity>,
  ) {
    super();
  }

  async disableAllOf(userId: number, reason: string): Promise<number> {
    const r = await this.webhooks.update({ userId, enabled: 1 }, { enabled: 0, disabledReason: reason });
    return r.affected ?? 0;
  }
}
