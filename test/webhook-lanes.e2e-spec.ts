import request from 'supertest';
import { WebhookSubscriptionEntity } from '@app/erp-db';
import { newCustomerBody } from './support/fixtures';
import { addUserWithToken, createTestApp, json, TestApp } from './support/test-app';
import { eventually, validationProof, WebhookReceiver } from './support/webhook-receiver';

/** How long the slow receiver takes to answer an event (well below WEBHOOK_TIMEOUT_MS). */
const SLOW_MS = 6000;

/** Each webhook target has its own lane: a slow receiver holds back only its own deliveries. */
describe('webhook deliveries per target', () => {
  let t: TestApp;
  const slow = new WebhookReceiver();
  const fast = new WebhookReceiver();
  /** When the slow receiver got each event. */
  const slowGot: number[] = [];
  let token = '';
  let admin = '';

  beforeAll(async () => {
    for (const receiver of [slow, fast]) await receiver.start();
    fast.answer = (r) => ({ status: 200, body: validationProof(r) ?? '' });
    slow.answer = (r) => {
      const proof = validationProof(r);
      if (proof) return { status: 200, body: proof };
      slowGot.push(Date.now());
      return { status: 200, afterMs: SLOW_MS };
    };
    t = await createTestApp({ EVENT_LISTENERS: 'log', EVENT_POLL_MS: '50', WEBHOOK_TIMEOUT_MS: '10000' });
    admin = `Bearer ${await t.token('admin')}`;
    token = `Bearer ${await addUserWithToken(t, { name: 'lanes', role: 'shop' }, 'lanes-secret')}`;
    for (const receiver of [slow, fast])
      await request(t.server)
        .post('/www/webhooks')
        .set('Authorization', token)
        .send({ url: receiver.url, events: ['REST_Kunde'] })
        .parse(json)
        .expect(201);
  });
  afterAll(async () => {
    await t.close();
    for (const receiver of [slow, fast]) await receiver.stop();
  });

  const newCustomer = () =>
    request(t.server).post('/www/kunden').set('Authorization', admin).send(newCustomerBody()).expect(201);

  it('a fast receiver gets the next event while a slow one is still answering the last', async () => {
    await newCustomer();
    await eventually(
      () => slowGot.length === 1 && fast.events().length === 1,
      10_000,
      'the first event at both',
    );
    await newCustomer();
    await eventually(() => fast.events().length === 2, 10_000, 'the second event at the fast receiver');
    // The slow receiver has not answered the first event yet: nothing waited for it.
    expect(Date.now() - slowGot[0]).toBeLessThan(SLOW_MS);
    // And the slow receiver gets the second event too, once it has answered.
    await eventually(() => slowGot.length === 2, 3 * SLOW_MS, 'the second event at the slow receiver');
  });
});

/** A receiver that is always slow is disabled like one that always fails, with the reason. */
describe('chronically slow webhook receivers', () => {
  let t: TestApp;
  const slow = new WebhookReceiver();

  beforeAll(async () => {
    await slow.start();
    slow.answer = (r) => {
      const proof = validationProof(r);
      return proof ? { status: 200, body: proof } : { status: 200, afterMs: 400 };
    };
    t = await createTestApp({ EVENT_LISTENERS: 'log', EVENT_POLL_MS: '50', WEBHOOK_SLOW_MS: '200' });
  });
  afterAll(async () => {
    await t.close();
    await slow.stop();
  });

  it('are disabled after WEBHOOK_DISABLE_AFTER_HOURS of slow answers, with the reason', async () => {
    const token = `Bearer ${await addUserWithToken(t, { name: 'slowpoke', role: 'shop' }, 'slowpoke-secret')}`;
    const created = await request(t.server)
      .post('/www/webhooks')
      .set('Authorization', token)
      .send({ url: slow.url, events: ['REST_Kunde'] })
      .parse(json)
      .expect(201);
    const id = created.body.data.id as number;
    const list = async () =>
      (await request(t.server).get('/www/webhooks').set('Authorization', token).parse(json).expect(200)).body
        .data as Array<{
        id: number;
        enabled: boolean;
        failingSince: string | null;
        disabledReason: string | null;
      }>;
    const admin = `Bearer ${await t.token('admin')}`;
    const newCustomer = () =>
      request(t.server).post('/www/kunden').set('Authorization', admin).send(newCustomerBody()).expect(201);

    // A slow answer is delivered (not sent again) but marks the subscription as failing since then.
    await newCustomer();
    await eventually(async () => (await list())[0].failingSince !== null, 10_000, 'the slow answer noted');
    expect(slow.events()).toHaveLength(1);
    expect((await list())[0]).toMatchObject({ id, enabled: true, disabledReason: null });

    // Slow for longer than WEBHOOK_DISABLE_AFTER_HOURS (72 h): the next slow answer disables it.
    await t.dataSource
      .getRepository(WebhookSubscriptionEntity)
      .update(id, { failingSince: new Date('2000-01-01T00:00:00Z') });
    await newCustomer();
    await eventually(async () => !(await list())[0].enabled, 10_000, 'the subscription disabled');
    expect((await list())[0].disabledReason).toMatch(
      /was slow .*answered after \d+ ms \(more than WEBHOOK_SLOW_MS, 200 ms\)/,
    );
    expect(slow.events()).toHaveLength(2);
  });
});
