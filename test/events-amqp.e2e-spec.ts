import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Channel, ChannelModel, connect, ConsumeMessage } from 'amqplib';
import request from 'supertest';
import { createTestApp, json, TestApp } from './support/test-app';
import { eventually } from './support/webhook-receiver';

jest.setTimeout(120_000);

/** The broker of this machine (and of CI: .ci/run starts it when it is not running). */
const AMQP_URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

interface Delivered {
  routingKey: string;
  messageId: string;
  persistent: boolean;
  body: { id: string; event: string; [k: string]: unknown };
}

/** A durable queue bound to the exchange with '#', read by a connection of the test itself. */
class QueueReader {
  readonly messages: Delivered[] = [];
  private connection: ChannelModel | null = null;
  private channel: Channel | null = null;

  constructor(
    readonly exchange: string,
    readonly queue: string,
  ) {}

  async open(): Promise<void> {
    this.connection = await connect(AMQP_URL);
    this.connection.on('error', () => undefined);
    this.channel = await this.connection.createChannel();
    await this.channel.assertExchange(this.exchange, 'topic', { durable: true });
    await this.channel.assertQueue(this.queue, { durable: true });
    await this.channel.bindQueue(this.queue, this.exchange, '#');
    await this.channel.consume(this.queue, (m: ConsumeMessage | null) => {
      if (!m) return;
      this.messages.push({
        routingKey: m.fields.routingKey,
        messageId: String(m.properties.messageId),
        persistent: m.properties.deliveryMode === 2,
        body: JSON.parse(m.content.toString('utf8')) as Delivered['body'],
      });
      this.channel?.ack(m);
    });
  }

  async close(deleteQueue = false): Promise<void> {
    if (deleteQueue) await this.channel?.deleteQueue(this.queue).catch(() => undefined);
    await this.connection?.close().catch(() => undefined);
    this.connection = null;
    this.channel = null;
  }
}

function rabbitmqctl(...args: string[]): void {
  execFileSync('rabbitmqctl', args, { stdio: 'ignore', timeout: 60_000 });
}

async function brokerUp(): Promise<void> {
  await eventually(
    async () => {
      try {
        await (await connect(AMQP_URL)).close();
        return true;
      } catch {
        return false;
      }
    },
    60_000,
    'RabbitMQ to accept connections',
  );
}

describe('events: the amqp listener publishes to RabbitMQ with confirms, also across a broker restart', () => {
  let t: TestApp;
  const exchange = `erp.events.test.${randomUUID()}`;
  const reader = new QueueReader(exchange, `erp-test-${randomUUID()}`);

  beforeAll(async () => {
    await reader.open();
    t = await createTestApp({
      EVENT_LISTENERS: 'amqp',
      AMQP_URL,
      AMQP_EXCHANGE: exchange,
      EVENT_RETRY_BASE_SECONDS: '1',
      EVENT_POLL_MS: '50',
    });
  });
  afterAll(async () => {
    await t?.close();
    await reader.close(true);
    const c = await connect(AMQP_URL);
    const ch = await c.createChannel();
    await ch.deleteExchange(exchange);
    await c.close();
  });

  const auth = async () => ({ Authorization: `Bearer ${await t.token('demo')}` });

  it('an order reaches the bound queue once: routing key = event type, message-id = event id, persistent', async () => {
    const res = await request(t.server)
      .post('/www/auftrag')
      .set(await auth())
      .send({ GrundDaten: { KundNr: '10001' }, Positionen: [{ ArtNr: '1000', Menge: 1 }] })
      .parse(json)
      .expect(201);
    const auftNr = (res.body as { data: { AuftNr: string } }).data.AuftNr;
    await eventually(() => reader.messages.length >= 1, 15_000, 'the message');
    expect(reader.messages).toHaveLength(1);
    const [m] = reader.messages;
    expect(m).toEqual({
      routingKey: 'REST_Auft',
      messageId: m.body.id,
      persistent: true,
      body: {
        id: expect.stringMatching(/^\d{12}$/),
        event: 'REST_Auft',
        AuftNr: auftNr,
        action: 'created',
        user: 'demo',
        occurredAt: expect.stringMatching(/Z$/),
      },
    });
    // The broker's confirm comes before the relay records it.
    const state = async () => {
      const [row] = await t.dataSource.query(
        `SELECT "status", "attempts" FROM "rest_event_delivery" WHERE "listener" = 'amqp' AND "event_id" = ${Number(m.body.id)}`,
      );
      return { status: String(row.status), attempts: Number(row.attempts) };
    };
    await eventually(async () => (await state()).status === 'delivered', 10_000, 'delivered');
    expect(await state()).toEqual({ status: 'delivered', attempts: 1 });
  });

  it('events written while the broker is stopped arrive after it is back, each once', async () => {
    reader.messages.length = 0;
    await reader.close();
    rabbitmqctl('stop_app');
    try {
      for (const KundNr of ['10001', '10002']) {
        await request(t.server)
          .post('/www/auftrag')
          .set(await auth())
          .send({ GrundDaten: { KundNr }, Positionen: [{ ArtNr: '1000', Menge: 1 }] })
          .expect(201);
      }
      // The relay tries, fails and schedules retries while the broker is away.
      await eventually(
        async () => {
          const [row] = await t.dataSource.query(
            `SELECT COUNT(*) AS "n" FROM "rest_event_delivery" WHERE "listener" = 'amqp' AND "status" = 'pending' AND "attempts" > 0`,
          );
          return Number(row.n) === 2;
        },
        30_000,
        'two failed attempts',
      );
    } finally {
      rabbitmqctl('start_app');
    }
    await brokerUp();
    await reader.open();
    await eventually(() => reader.messages.length >= 2, 60_000, 'both messages');
    await new Promise((r) => setTimeout(r, 500));
    expect(reader.messages).toHaveLength(2);
    const ids = reader.messages.map((m) => m.body.id);
    expect(new Set(ids).size).toBe(2);
    expect(reader.messages.map((m) => m.messageId)).toEqual(ids);
    const pending = await t.dataSource.query(
      `SELECT COUNT(*) AS "n" FROM "rest_event_delivery" WHERE "listener" = 'amqp' AND "status" <> 'delivered'`,
    );
    expect(Number(pending[0].n)).toBe(0);
  });
});
