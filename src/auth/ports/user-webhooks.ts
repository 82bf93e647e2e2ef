/** Port: the webhook subscriptions of a user, as far as user administration ends them. */
export abstract class UserWebhooks {
  /** Disables every enabled subscription of the user with `reason`; returns how many. */
  abstract disableAllOf(userId: number, reason: string): Promise<number>;
}
