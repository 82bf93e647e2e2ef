import { Injectable } from '@nestjs/common';
import { readTimestamp, WebhookSubscriptionEntity } from '@app/erp-db';
import { DataSource } from 'typeorm';
import { asEntity, entityColumns, queryNamed } from '../../../database/sql-gateway';
import { atMost, notNull, BatchWriter } from '../../../database/batch-writer';
import {
  NewWebhookSubscription,
  WebhookSubscription,
  WebhookSubscriptionStore,
} from '../../ports/webhook-subscription-store';

/**
 * The webhook subscriptions on the ERP database (`rest_webhook`): reads are hand-written SQL
 * through `queryNamed`, writes go through the batch writer. The fan-out reads the enabled ones
 * itself (TypeOrmOutbox).
 */
@Injectable()
export class TypeOrmWebhookSubscriptionStore extends WebhookSubscriptionStore {
  private readonly select: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly writes: BatchWriter,
  ) {
    super();
    this.select = `SELECT ${entityColumns(dataSource, WebhookSubscriptionEntity, 's')} FROM "rest_webhook" s`;
  }

  async createSubscription(
    s: NewWebhookSubscription,
    now: Date,
    max: number,
  ): Promise<WebhookSubscription | null> {
    const row = {
      userId: s.userId,
      url: s.url,
      events: s.events.join(','),
      secret: s.secret,
      createdAt: now,
      enabled: 1,
      disabledReason: null,
      failingSince: null,
    };
    const { keys } = await this.writes.write({
      steps: [{ kind: 'insert', target: WebhookSubscriptionEntity, rows: [row], name: 'new' }],
      doNotPrepare: true,
    });
    const id = keys.new;
    // Parallel registrations each count the committed rows up to their own: only the first `max` stay.
    const [{ n }] = await queryNamed<{ n: unknown }>(
      this.dataSource,
      `SELECT COUNT(*) AS "n" FROM "rest_webhook" WHERE "user_id" = :userId AND "id" <= :id`,
      { userId: s.userId, id },
    );
    if (Number(n) > max) {
      await this.writes.write({
        steps: [{ kind: 'delete', target: WebhookSubscriptionEntity, where: { id } }],
        doNotPrepare: true,
      });
      return null;
    }
    return this.subscription(id);
  }

  async subscriptions(userId: number): Promise<WebhookSubscription[]> {
    return this.read(`${this.select} WHERE s."user_id" = :userId ORDER BY s."id"`, { userId });
  }

  async allSubscriptions(): Promise<WebhookSubscription[]> {
    return this.read(`${this.select} ORDER BY s."id"`, {});
  }

  async subscription(id: number): Promise<WebhookSubscription | null> {
    const [found] = await this.read(`${this.select} WHERE s."id" = :id`, { id });
    return found ?? null;
  }

  async deleteSubscription(id: number, userId: number | null): Promise<boolean> {
    const where = userId === null ? { id } : { id, userId };
    const { counts } = await this.writes.write({
      steps: [{ kind: 'delete', target: WebhookSubscriptionEntity, where }],
      doNotPrepare: true,
    });
    return counts[0] > 0;
  }

  async subscriptionOutcome(
    id: number,
    ok: boolean,
    now: Date,
    disableBefore: Date,
    error: string,
  ): Promise<void> {
    const target = WebhookSubscriptionEntity;
    if (ok) {
      await this.writes.write({
        steps: [
          { kind: 'update', target, set: { failingSince: null }, where: { id, failingSince: notNull } },
        ],
      });
      return;
    }
    const reason = `Disabled at ${now.toISOString()}: every delivery failed or was slow since the time in failingSince; last error: ${error}`;
    // The second step cannot match a row the first one has just marked: disableBefore is before now.
    await this.writes.write({
      steps: [
        { kind: 'update', target, set: { failingSince: now }, where: { id, failingSince: null } },
        {
          kind: 'update',
          target,
          set: { enabled: 0, disabledReason: reason.slice(0, 500) },
          where: { id, enabled: 1, failingSince: atMost(disableBefore) },
        },
      ],
    });
  }

  private async read(sql: string, params: Record<string, unknown>): Promise<WebhookSubscription[]> {
    const rows = await queryNamed<Record<string, unknown>>(this.dataSource, sql, params);
    return rows.map((r) => toSubscription(asEntity(this.dataSource, WebhookSubscriptionEntity, r)));
  }
}

function toSubscription(r: WebhookSubscriptionEntity): WebhookSubscription {
  return {
    id: Number(r.id),
    userId: Number(r.userId),
    url: r.url,
    events: r.events.split(',').filter((e) => e !== ''),
    secret: r.secret,
    createdAt: readTimestamp(r.createdAt) as Date,
    enabled: Number(r.enabled) === 1,
    disabledReason: r.disabledReason,
    failingSince: readTimestamp(r.failingSince),
  };
}
