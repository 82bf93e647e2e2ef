import request from 'supertest';
import { Not } from 'typeorm';
import { EventDeliveryEntity, EventEntity, WebhookSubscriptionEntity } from '@app/erp-db';
import { EventRecorder } from '../src/events/event-recorder';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { newCustomerBody, newOrderBody } from './support/fixtures';
import { createTestApp, json, TestApp, userAdmin } from './support/test-app';
import {
  eventually,
  Received,
  validationProof,
  verifySignature,
  WebhookReceiver,
} from './support/webhook-receiver';

jest.setTimeout(60_000);

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

const newCustomer = newCustomerBody();
const newOrder = newOrderBody('10001', {}, 2);

/** Every event's deliveries are created (fan-out writes them all at once, with the flag). */
async function allFannedOut(t: TestApp): Promise<void> {
  await eventually(
    async () => (await t.dataSource.getRepository(EventEntity).countBy({ fannedOut: 0 })) === 0,
    10_000,
    'every event fanned out',
  );
}

async function deliveries(
  t: TestApp,
): Promise<Array<{ event_id: number; listener: string; status: string; attempts: number }>> {
  const rows: Array<Record<string, unknown>> = await t.dataSource.query(
    'SELECT "event_id", "listener", "status", "attempts" FROM "rest_event_delivery" ORDER BY "event_id", "listener"',
  );
  return rows.map((r) => ({
    event_id: Number(r.event_id),
    listener: String(r.listener),
    status: String(r.status),
    attempts: Number(r.attempts),
  }));
}

async function eventCount(t: TestApp): Promise<number> {
  const [row] = await t.dataSource.query('SELECT COUNT(*) AS "n" FROM "rest_event"');
  return Number((row as { n: unknown }).n);
}

describe('events: outbox, log and webhook listeners, feed (D10)', () => {
  let t: TestApp;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp({
      EVENT_LISTENERS: 'log,webhook',
      WEBHOOK_URLS: receiver.url,
      WEBHOOK_SECRET: SECRET,
      EVENT_RETRY_BASE_SECONDS: '1',
      EVENT_POLL_MS: '50',
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  const auth = async (user: 'demo' | 'admin' = 'demo') => ({
    Authorization: `Bearer ${await t.token(user)}`,
  });

  it('an order and a customer each give exactly one delivery per listener, signed and in commit order', async () => {
    const order = await request(t.server)
      .post('/www/auftrag')
      .set(await auth())
      .send(newOrder)
      .parse(json)
      .expect(201);
    const customer = await request(t.server)
      .post('/www/kunden')
      .set(await auth())
      .send(newCustomer)
      .parse(json)
      .expect(201);
    await eventually(() => receiver.events().length >= 2, 10_000, 'two webhook messages');
    await eventually(
      async () => (await deliveries(t)).every((d) => d.status === 'delivered'),
      10_000,
      'deliveries recorded',
    );

    const messages = receiver.events();
    expect(messages.map((m) => m.json)).toEqual([
      {
        id: expect.stringMatching(/^\d{12}$/),
        event: 'REST_Auft',
        AuftNr: order.body.data.AuftNr,
        action: 'created',
        user: 'demo',
        occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      },
      {
        id: expect.stringMatching(/^\d{12}$/),
        event: 'REST_Kunde',
        DebiNr: customer.body.data.DebiNr,
        action: 'created',
        user: 'demo',
        occurredAt: expect.stringMatching(/Z$/),
      },
    ]);
    expect(messages[0].json.id < messages[1].json.id).toBe(true);
    for (const m of messages) {
      expect(m.headers['webhook-id']).toBe(m.json.id);
      expect(m.headers['content-type']).toBe('application/json');
      expect(verifySignature(SECRET, m)).toBe(true);
      expect(verifySignature(`whsec_${Buffer.alloc(32, 8).toString('base64')}`, m)).toBe(false);
    }
    const rows = await deliveries(t);
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => [r.listener, r.status, r.attempts])).toEqual([
      ['log', 'delivered', 1],
      ['webhook', 'delivered', 1],
      ['log', 'delivered', 1],
      ['webhook', 'delivered', 1],
    ]);

    // The log listener: one structured line per event.
    const logFile = readdirSync(t.config.logDir).find((f) => f.endsWith('.log'));
    const lines = readFileSync(join(t.config.logDir, logFile as string), 'utf8')
      .split('\n')
      .filter((l) => l.includes('"erpEvent"'))
      .map((l) => JSON.parse(l) as { erpEvent: { id: string } });
    expect(lines.map((l) => l.erpEvent.id)).toEqual(messages.map((m) => m.json.id));
  });

  it('a rejected order and a failed customer write record no event', async () => {
    const before = await eventCount(t);
    await request(t.server)
      .post('/www/auftrag')
      .set(await auth())
      .send({ GrundDaten: { KundNr: '99999' }, Positionen: [{ ArtNr: '1000', Menge: 1 }] })
      .expect(422);
    await request(t.server)
      .put('/www/kunden/99999')
      .set(await auth())
      .send({ Kommentar: 'x' })
      .expect(404);
    expect(await eventCount(t)).toBe(before);
  });

  it('PUT on auftrag (converted) and on kunden (updated) record their events', async () => {
    const before = await eventCount(t);
    const converted = await request(t.server)
      .put('/www/auftrag')
      .set(await auth())
      .send({ GrundDaten: { KundNr: '10001', OffertNr: '500001' } })
      .parse(json)
      .expect(201);
    await request(t.server)
      .put('/www/kunden/10001')
      .set(await auth())
      .send({ Kommentar: 'Neu' })
      .expect(204);
    const feed = await request(t.server)
      .get(`/www/events?after=${before}`)
      .set(await auth('admin'))
      .parse(json)
      .expect(200);
    expect(
      feed.body.data.map((e: Record<string, unknown>) => [e.event, e.AuftNr ?? e.DebiNr, e.action]),
    ).toEqual([
      ['REST_Auft', converted.body.data.AuftNr, 'converted'],
      ['REST_Kunde', '10001', 'updated'],
    ]);
  });

  it('a receiver that answers 503 first gets the event later with the same webhook-id', async () => {
    // Deliveries of earlier tests may still be on their way; only this customer's event counts.
    let refused = false;
    receiver.answer = (r) => {
      const m = JSON.parse(r.body) as { event?: string; action?: string };
      if (refused || m.event !== 'REST_Kunde' || m.action !== 'created') return { status: 200 };
      refused = true;
      return { status: 503 };
    };
    const customer = await request(t.server)
      .post('/www/kunden')
      .set(await auth())
      .send(newCustomer)
      .parse(json)
      .expect(201);
    const mine = () => receiver.events().filter((m) => m.json.DebiNr === customer.body.data.DebiNr);
    await eventually(() => mine().length >= 2, 10_000, 'the retry');
    const [first, second] = mine();
    expect(refused).toBe(true);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    receiver.answer = () => ({ status: 200 });
  });

  it('a receiver that is down for a while, then up, loses nothing', async () => {
    const port = receiver.port;
    await receiver.stop();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      await request(t.server)
        .post('/www/kunden')
        .set(await auth())
        .send(newCustomer)
        .expect(201);
    }
    const feed = await request(t.server)
      .get('/www/events?limit=1000')
      .set(await auth('admin'))
      .parse(json)
      .expect(200);
    ids.push(...feed.body.data.slice(-3).map((e: { id: string }) => e.id));
    let failing: Array<{ id: string; deliveries: unknown[] }> = [];
    await eventually(
      async () => {
        const res = await request(t.server)
          .get('/www/events?status=failed')
          .set(await auth('admin'))
          .parse(json)
          .expect(200);
        failing = res.body.data;
        return ids.every((id) => failing.some((e) => e.id === id));
      },
      20_000,
      'the three events listed as failed',
    );
    expect(failing[0].deliveries).toContainEqual(
      expect.objectContaining({ listener: 'webhook', status: 'pending', lastError: expect.any(String) }),
    );
    await receiver.start(port);
    await eventually(
      () => ids.every((id) => receiver.events().some((m) => m.json.id === id)),
      20_000,
      'the delayed deliveries',
    );
  });

  it('the feed pages in commit order with a next cursor; shop users and bad cursors are refused', async () => {
    const all = await request(t.server)
      .get('/www/events?limit=1000')
      .set(await auth('admin'))
      .parse(json)
      .expect(200);
    const ids: string[] = all.body.data.map((e: { id: string }) => e.id);
    expect(ids).toEqual([...ids].sort());
    const first = await request(t.server)
      .get('/www/events?limit=2')
      .set(await auth('admin'))
      .parse(json)
      .expect(200);
    expect(first.body).toMatchObject({ count: 2, success: true, next: ids[1] });
    const second = await request(t.server)
      .get(`/www/events?limit=2&after=${first.body.next}`)
      .set(await auth('admin'))
      .parse(json)
      .expect(200);
    expect(second.body.data[0].id).toBe(ids[2]);
    const end = await request(t.server)
      .get(`/www/events?after=${ids[ids.length - 1]}`)
      .set(await auth('admin'))
      .parse(json)
      .expect(200);
    expect(end.body).toEqual({ count: 0, success: true, data: [], next: ids[ids.length - 1] });
    await request(t.server)
      .get('/www/events')
      .set(await auth('demo'))
      .expect(403);
    await request(t.server)
      .get('/www/events?after=abc')
      .set(await auth('admin'))
      .expect(400);
    await request(t.server)
      .get('/www/events?limit=0')
      .set(await auth('admin'))
      .expect(400);
    const fraction = await request(t.server)
      .get('/www/events?limit=1.9')
      .set(await auth('admin'))
      .expect(400);
    expect(fraction.body.info.fields.map((f: { field: string }) => f.field)).toEqual(['limit']);
    await request(t.server).get('/www/events').expect(401);
  });

  it('events stop while the company attribute is gone', async () => {
    await t.dataSource.query(`DELETE FROM "Attribut" WHERE "ObjTyp" = 'FIRM' AND "PHKey" = 'RESTEVENTS'`);
    await t.app.get(EventRecorder).refreshSwitch();
    const before = await eventCount(t);
    await request(t.server)
      .post('/www/kunden')
      .set(await auth())
      .send(newCustomer)
      .expect(201);
    await request(t.server)
      .post('/www/auftrag')
      .set(await auth())
      .send(newOrder)
      .expect(201);
    expect(await eventCount(t)).toBe(before);
  });
});

describe('events: dead deliveries and redelivery by an admin', () => {
  let t: TestApp;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    await receiver.start();
    receiver.answer = () => ({ status: 500 });
    t = await createTestApp({
      EVENT_LISTENERS: 'webhook',
      WEBHOOK_URLS: receiver.url,
      WEBHOOK_SECRET: SECRET,
      EVENT_RETRY_BASE_SECONDS: '1',
      EVENT_MAX_ATTEMPTS: '2',
      EVENT_POLL_MS: '50',
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  it('gives up after EVENT_MAX_ATTEMPTS, lists the event as dead, and sends it again on request', async () => {
    const admin = { Authorization: `Bearer ${await t.token('admin')}` };
    await request(t.server).post('/www/kunden').set(admin).send(newCustomer).expect(201);
    await eventually(
      async () => (await deliveries(t)).some((d) => d.status === 'dead'),
      15_000,
      'a dead delivery',
    );
    expect(receiver.events()).toHaveLength(2);
    const dead = await request(t.server).get('/www/events?status=dead').set(admin).parse(json).expect(200);
    expect(dead.body.count).toBe(1);
    const event = dead.body.data[0];
    expect(event.deliveries).toEqual([
      {
        listener: 'webhook',
        target: receiver.url,
        status: 'dead',
        attempts: 2,
        nextAttemptAt: null,
        deliveredAt: null,
        lastError: 'the receiver answered HTTP 500',
      },
    ]);
    const demo = { Authorization: `Bearer ${await t.token('demo')}` };
    await request(t.server).get('/www/events?status=dead').set(demo).expect(403);
    await request(t.server).post(`/www/events/${event.id}/redeliver`).set(demo).expect(403);
    await request(t.server).post('/www/events/999999/redeliver').set(admin).expect(404);
    // Numbers beyond the integer ids name nothing: 404 and an empty page, not a database error.
    await request(t.server).post('/www/events/999999999999/redeliver').set(admin).expect(404);
    await request(t.server).delete('/www/webhooks/99999999999999').set(admin).expect(404);
    const beyond = await request(t.server)
      .get('/www/events?status=dead&after=999999999999')
      .set(admin)
      .parse(json)
      .expect(200);
    expect(beyond.body).toEqual({ count: 0, success: true, data: [], next: '999999999999' });

    receiver.answer = () => ({ status: 204 });
    const redelivered = await request(t.server)
      .post(`/www/events/${event.id}/redeliver`)
      .set(admin)
      .parse(json)
      .expect(202);
    expect(redelivered.body).toEqual({ success: true, data: { id: event.id, redelivered: 1 } });
    await eventually(async () => (await deliveries(t))[0]?.status === 'delivered', 10_000, 'the redelivery');
    const messages = receiver.events();
    expect(messages).toHaveLength(3);
    expect(new Set(messages.map((m) => m.headers['webhook-id']))).toEqual(new Set([event.id]));
  });
});

describe('webhook subscriptions: handshake, ownership, private addresses', () => {
  let t: TestApp;
  const receiver = new WebhookReceiver();
  let integration: string;

  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp({ EVENT_LISTENERS: 'log', EVENT_POLL_MS: '50', EVENT_RETRY_BASE_SECONDS: '1' });
    await userAdmin(t).add({ name: 'erp-sync', role: 'shop' }, 'integration-secret');
    const res = await request(t.server).post('/www/token').auth('erp-sync', 'integration-secret').expect(200);
    integration = `Bearer ${res.body.access_token}`;
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  /** A receiver that holds the secret: answers the validation request with its proof. */
  const prove = () => {
    receiver.answer = (r) => ({ status: 200, body: validationProof(r) ?? '' });
  };

  it('registers after the receiver proves the secret, shows the secret once, and delivers signed events', async () => {
    prove();
    const created = await request(t.server)
      .post('/www/webhooks')
      .set('Authorization', integration)
      .send({ url: receiver.url, events: ['REST_Kunde'] })
      .parse(json)
      .expect(201);
    const hook = created.body.data;
    expect(hook).toEqual({
      id: expect.any(Number),
      url: receiver.url,
      events: ['REST_Kunde'],
      createdAt: expect.stringMatching(/Z$/),
      enabled: true,
      disabledReason: null,
      failingSince: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const validation = receiver.received[0];
    expect(JSON.parse(validation.body)).toEqual({
      type: 'webhook.validation',
      challenge: expect.stringMatching(/^[0-9a-f]{48}$/),
      secret: hook.secret,
    });
    expect(verifySignature(hook.secret, validation)).toBe(true);

    const list = await request(t.server)
      .get('/www/webhooks')
      .set('Authorization', integration)
      .parse(json)
      .expect(200);
    const { secret: _secret, ...listed } = hook;
    expect(list.body).toEqual({ count: 1, success: true, data: [listed] });

    await request(t.server)
      .post('/www/kunden')
      .set('Authorization', integration)
      .send(newCustomer)
      .expect(201);
    await request(t.server).post('/www/auftrag').set('Authorization', integration).send(newOrder).expect(201);
    await eventually(() => receiver.events().length >= 1, 10_000, 'the subscription delivery');
    // The order's event is fanned out without a delivery to the subscription: none can follow.
    await allFannedOut(t);
    const toSubscription = await t.dataSource
      .getRepository(EventDeliveryEntity)
      .countBy({ listener: 'subscription', target: String(hook.id) });
    expect(toSubscription).toBe(1);
    const messages = receiver.events();
    expect(messages.map((m) => m.json.event)).toEqual(['REST_Kunde']);
    expect(verifySignature(hook.secret, messages[0])).toBe(true);

    // Another user does not see it in its own list; the owner deletes it.
    const admin = `Bearer ${await t.token('admin')}`;
    const others = await request(t.server)
      .get('/www/webhooks')
      .set('Authorization', admin)
      .parse(json)
      .expect(200);
    expect(others.body).toEqual({ count: 0, success: true, data: [] });
    await request(t.server).delete(`/www/webhooks/${hook.id}`).set('Authorization', integration).expect(204);
    await request(t.server).delete(`/www/webhooks/${hook.id}`).set('Authorization', integration).expect(404);
    // Ids no integer column holds (SQL Server's driver refuses to bind them) name no webhook either.
    for (const id of ['2147483648', '-6.20253742758669e+16', '0']) {
      const res = await request(t.server)
        .delete(`/www/webhooks/${id}`)
        .set('Authorization', admin)
        .parse(json);
      expect([res.status, res.body.error]).toEqual([404, 'not_found']);
    }
  });

  it('refuses a receiver that answers without the proof: "ok", the echoed body or challenge, a wrong key', async () => {
    const challengeOf = (r: { body: string }) => (JSON.parse(r.body) as { challenge: string }).challenge;
    const answers: Array<(r: Received) => string> = [
      () => 'ok',
      (r) => r.body,
      (r) => challengeOf(r),
      (r) => JSON.stringify({ challenge: challengeOf(r) }),
      (r) => JSON.stringify({ proof: validationProof(r, 'whsec_' + Buffer.alloc(32, 7).toString('base64')) }),
    ];
    for (const answer of answers) {
      receiver.answer = (r) => ({ status: 200, body: answer(r) });
      const refused = await request(t.server)
        .post('/www/webhooks')
        .set('Authorization', integration)
        .send({ url: receiver.url, events: ['REST_Auft'] })
        .parse(json)
        .expect(422);
      expect(refused.body.info.fields[0]).toMatchObject({ field: 'url' });
    }
    const [row] = await t.dataSource.query('SELECT COUNT(*) AS "n" FROM "rest_webhook"');
    expect(Number((row as { n: unknown }).n)).toBe(0);
  });

  it('a secret chosen by the caller is used and never sent to the receiver; its form is checked', async () => {
    const secret = 'whsec_' + Buffer.alloc(32, 9).toString('base64');
    receiver.received.length = 0;
    receiver.answer = (r) => ({ status: 200, body: JSON.stringify({ proof: validationProof(r, secret) }) });
    const created = await request(t.server)
      .post('/www/webhooks')
      .set('Authorization', integration)
      .send({ url: receiver.url, events: ['REST_Auft'], secret })
      .parse(json)
      .expect(201);
    expect(created.body.data.secret).toBe(secret);
    expect(Object.keys(JSON.parse(receiver.received[0].body))).toEqual(['type', 'challenge']);
    expect(verifySignature(secret, receiver.received[0])).toBe(true);
    await request(t.server)
      .delete(`/www/webhooks/${created.body.data.id}`)
      .set('Authorization', integration)
      .expect(204);
    for (const bad of ['whsec_short', 'secret', 'whsec_' + Buffer.alloc(65).toString('base64'), 42])
      await request(t.server)
        .post('/www/webhooks')
        .set('Authorization', integration)
        .send({ url: receiver.url, events: ['REST_Auft'], secret: bad })
        .expect(400);
  });

  it('refuses bad bodies and web-shop users', async () => {
    for (const body of [
      { url: 'ftp://example.com/x', events: ['REST_Auft'] },
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ['REST_Other'] },
      { url: 'http://user:pw@example.com/x', events: ['REST_Auft'] },
    ])
      await request(t.server).post('/www/webhooks').set('Authorization', integration).send(body).expect(400);
    prove();
    await request(t.server)
      .post('/www/webhooks')
      .set('Authorization', `Bearer ${await t.token('demo')}`)
      .send({ url: receiver.url, events: ['REST_Auft'] })
      .expect(403);
    const [row] = await t.dataSource.query('SELECT COUNT(*) AS "n" FROM "rest_webhook"');
    expect(Number((row as { n: unknown }).n)).toBe(0);
  });

  it('an endpoint failing for WEBHOOK_DISABLE_AFTER_HOURS is disabled and says why; its deliveries stop', async () => {
    prove();
    const created = await request(t.server)
      .post('/www/webhooks')
      .set('Authorization', integration)
      .send({ url: receiver.url, events: ['REST_Auft'] })
      .parse(json)
      .expect(201);
    const id = created.body.data.id as number;
    receiver.answer = () => ({ status: 500 });
    const sent = receiver.received.length;
    await request(t.server).post('/www/auftrag').set('Authorization', integration).send(newOrder).expect(201);
    await eventually(() => receiver.received.length > sent, 10_000, 'a failed delivery');
    const listed = async () =>
      (await request(t.server).get('/www/webhooks').set('Authorization', integration).parse(json).expect(200))
        .body.data[0];
    await eventually(async () => (await listed()).failingSince !== null, 10_000, 'failingSince');
    expect(await listed()).toMatchObject({ id, enabled: true, disabledReason: null });

    // Failing since 73 hours (the default limit is 72): the next failure disables it.
    await t.dataSource
      .getRepository(WebhookSubscriptionEntity)
      .update({ id }, { failingSince: new Date(Date.now() - 73 * 3600_000) });
    await eventually(async () => (await listed()).enabled === false, 15_000, 'the endpoint disabled');
    const disabled = await listed();
    expect(disabled.disabledReason).toMatch(/^Disabled at .*last error: .*500/);
    await eventually(
      async () => {
        const [row] = await t.dataSource.query(
          `SELECT "status" FROM "rest_event_delivery" WHERE "listener" = 'subscription' AND "target" = '${id}'`,
        );
        return (row as { status: string }).status === 'dead';
      },
      15_000,
      'the delivery given up',
    );
    const before = receiver.received.length;
    await request(t.server).post('/www/auftrag').set('Authorization', integration).send(newOrder).expect(201);
    // Fanned out without a delivery to the disabled endpoint: nothing more can be sent to it.
    await allFannedOut(t);
    const open = await t.dataSource
      .getRepository(EventDeliveryEntity)
      .countBy({ listener: 'subscription', target: String(id), status: Not('dead') });
    expect(open).toBe(0);
    expect(receiver.received.length).toBe(before);
  });
});

describe('webhooks never go to private addresses unless WEBHOOK_ALLOW_PRIVATE', () => {
  let t: TestApp;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'false' });
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  it('refuses loopback, private and link-local URLs, also by name, without sending anything', async () => {
    const admin = `Bearer ${await t.token('admin')}`;
    for (const url of [
      receiver.url,
      `http://localhost:${receiver.port}/hook`,
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://192.168.0.10/hook',
    ]) {
      const res = await request(t.server)
        .post('/www/webhooks')
        .set('Authorization', admin)
        .send({ url, events: ['REST_Auft'] })
        .parse(json)
        .expect(422);
      expect(res.body.info.fields[0].message).toMatch(/private address/);
    }
    expect(receiver.received).toHaveLength(0);
  });
});
