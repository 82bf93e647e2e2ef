import { ErpEventMessage } from '../erp-events';

/**
 * A delivery channel: one way of telling the outside world about events (a log line, webhooks,
 * RabbitMQ). A new one is one class extending this and one line in CHANNELS (channels.ts);
 * EVENT_LISTENERS enables it by its name. The relay hands it its deliveries through the
 * in-process emitter (`erp.deliver.<name>`). The relay delivers
 * each event once per target and retries a target whose `deliver` throws.
 */
export abstract class DeliveryChannel {
  /** The name in EVENT_LISTENERS and in the deliveries' records. */
  abstract readonly name: string;

  /** Where every event goes, one delivery each (a webhook: one per URL); '' for a single destination. */
  targets(): string[] {
    return [''];
  }

  /** Delivers one message; throws when it did not arrive (the relay retries it later). */
  abstract deliver(message: ErpEventMessage, target: string): Promise<void>;
}

/** Thrown by `deliver` when retrying cannot help (the target is gone): the delivery is dead at once. */
export class Undeliverable extends Error {}
