import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ChannelModel, ConfirmChannel, connect } from 'amqplib';
import { AppConfig } from '../../common/config/app-config';
import { ErpEventMessage } from '../erp-events';
import { DeliveryChannel } from './delivery-channel';

const CONFIRM_TIMEOUT_MS = 10_000;

/**
 * Publishes every event to RabbitMQ: topic exchange AMQP_EXCHANGE (durable), routing key = the
 * event type, persistent messages with message-id = the event id, each confirmed by the broker.
 * A lost connection is opened again on the next delivery (the relay retries what failed).
 */
@Injectable()
export class AmqpChannel extends DeliveryChannel implements OnApplicationShutdown {
  readonly name = 'amqp';
  private readonly logger = new Logger('Events');
  private connection: ChannelModel | null = null;
  private channel: Promise<ConfirmChannel> | null = null;

  constructor(private readonly config: AppConfig) {
    super();
  }

  async deliver(message: ErpEventMessage): Promise<void> {
    const opening = this.open();
    const channel = await opening;
    const body = Buffer.from(JSON.stringify(message));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.reset(opening);
        reject(new Error(`RabbitMQ did not confirm within ${CONFIRM_TIMEOUT_MS} ms`));
      }, CONFIRM_TIMEOUT_MS);
      channel.publish(
        this.config.amqpExchange,
        message.event,
        body,
        {
          persistent: true,
          contentType: 'application/json',
          messageId: message.id,
          type: message.event,
          timestamp: Math.floor(Date.now() / 1000),
        },
        (err: unknown) => {
          clearTimeout(timer);
          if (err) reject(err instanceof Error ? err : new Error('RabbitMQ refused the message'));
          else resolve();
        },
      );
    });
  }

  async onApplicationShutdown(): Promise<void> {
    const connection = this.connection;
    this.channel = null;
    this.connection = null;
    await connection?.close().catch(() => undefined);
  }

  private open(): Promise<ConfirmChannel> {
    if (this.channel) return this.channel;
    const opening: Promise<ConfirmChannel> = (async () => {
      const connection = await connect(this.config.amqpUrl, { timeout: 5000 });
      // A late 'close' of an old connection must not drop the one opened after it.
      const forget = () => this.reset(opening);
      connection.on('error', (err: Error) => this.logger.warn({ err }, 'RabbitMQ connection error'));
      connection.on('close', forget);
      this.connection = connection;
      const channel = await connection.createConfirmChannel();
      channel.on('error', (err: Error) => this.logger.warn({ err }, 'RabbitMQ channel error'));
      channel.on('close', forget);
      await channel.assertExchange(this.config.amqpExchange, 'topic', { durable: true });
      return channel;
    })();
    opening.catch(() => this.reset(opening));
    this.channel = opening;
    return opening;
  }

  /** Drops the connection `opened` gave, unless a newer one has replaced it already. */
  private reset(opened: Promise<ConfirmChannel>): void {
    if (this.channel !== opened) return;
    const connection = this.connection;
    this.channel = null;
    this.connection = null;
    connection?.close().catch(() => undefined);
  }
}
