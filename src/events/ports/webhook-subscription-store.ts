export interface WebhookSubscription {
  id: number;
  userId: number;
  url: string;
  events: string[];
  secret: string;
  createdAt: Date;
  enabled: boolean;
  disabledReason: string | null;
  failingSince: Date | null;
}

export type NewWebhookSubscription = Pick<WebhookSubscription, 'userId' | 'url' | 'events' | 'secret'>;

/** Port: the webhooks users registered (POST /www/webhooks) and how their deliveries went. */
export abstract class WebhookSubscriptionStore {
  /** Null when the user has `max` subscriptions already (also against parallel registrations). */
  abstract createSubscription(
    s: NewWebhookSubscription,
    now: Date,
    max: number,
  ): Promise<WebhookSubscription | null>;
  abstract subscriptions(userId: number): Promise<WebhookSubscription[]>;
  /** Every user's subscriptions (for admins). */
  abstract allSubscriptions(): Promise<WebhookSubscription[]>;
  abstract subscription(id: number): Promise<WebhookSubscription | null>;
  /** False when there is no such subscription of that user (of anyone: userId null). */
  abstract deleteSubscription(id: number, userId: number | null): Promise<boolean>;
  /** Records whether a delivery to the subscription worked; disables it after failing since `disableBefore`. */
  abstract subscriptionOutcome(
    id: number,
    ok: boolean,
    now: Date,
    disableBefore: Date,
    error: string,
  ): Promise<void>;
}
