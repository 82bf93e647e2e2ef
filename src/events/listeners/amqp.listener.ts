import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ChannelModel, ConfirmChannel, connect } from 'amqplib';
import { AppConfig } from '../../common/config/app-config';
import { ErpEventMessage } from '../erp-events';
import { ErpEventListener } from './erp-event-listener';

const CONFIRM_TIMEOUT_MS = 10_000;

/**
 * Publishes every event to RabbitMQ: topic exchange AMQP_EXCHANGE (durable), routing key = the
 * event type, persistent messages with message-id = the event id, each confirmed by the broker.
 * A lost connection is opened again on the next delivery (the relay retries what failed).
 */
@Injectable()
export class AmqpListener extends ErpEventListener implements OnApplicationShutdown {
  readonly name = 'amqp';
  private readonly logger = new Logger('Events');
  private connection: ChannelModel | null = null;
  private channel: Promise<ConfirmChannel> | null = null;

  constructor(private readonly config: AppConfig) {
    super();
  }

  async deliver(message: ErpEventMessage): Promise<void> {
    const channel = await this.open();
    const body = Buffer.from(JSON.stringify(message));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.reset();
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
    this.reset();
    await connection?.close().catch(() => undefined);
  }

  private open(): Promise<ConfirmChannel> {
    this.channel ??= (async () => {
      const connection = await connect(this.config.amqpUrl, { timeout: 5000 });
      connection.on('error', (err: Error) => this.logger.warn({ err }, 'RabbitMQ connection error'));
      connection.on('close', () => this.reset());
      this.connection = connection;
      const channel = await connection.createConfirmChannel();
      channel.on('error', (err: Error) => this.logger.warn({ err }, 'RabbitMQ channel error'));
      channel.on('close', () => this.reset());
      await channel.assertExchange(this.config.amqpExchange, 'topic', { durable: true });
      return channel;
    })().catch((err: unknown) => {
      this.reset();
      throw err;
    });
    return this.channel;
  }

  private reset(): void {
    this.channel = null;
    this.connection = null;
  }
}
