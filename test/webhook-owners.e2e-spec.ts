import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { newCustomerBody } from './support/fixtures';
import { addUserWithToken, createTestApp, json, TestApp, userAdmin } from './support/test-app';
import { eventually, validationProof, WebhookReceiver } from './support/webhook-receiver';

/** Subscriptions die with their user: disabled, password reset, tokens revoked, or no longer allowed. */
describe('webhook subscriptions and their users', () => {
  let t: TestApp;
  const receiver = new WebhookReceiver();
  let admin: string;

  beforeAll(async () => {
    await receiver.start();
    receiver.answer = (r) => ({ status: 200, body: validationProof(r) ?? '' });
    t = await createTestApp({ EVENT_LISTENERS: 'log', EVENT_POLL_MS: '50', TOKEN_CACHE_SECONDS: '0' });
    admin = `Bearer ${await t.token('admin')}`;
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  /** A new integration user with one webhook for REST_Kunde; returns its token and the webhook id. */
  const subscriber = async (name: string) => {
    const token = `Bearer ${await addUserWithToken(t, { name, role: 'shop' }, `${name}-secret`)}`;
    const res = await request(t.server)
      .post('/www/webhooks')
      .set('Authorization', token)
      .send({ url: receiver.url, events: ['REST_Kunde'] })
      .parse(json)
      .expect(201);
    return { token, id: res.body.data.id as number };
  };

  /** Creates a customer as admin and waits until every event was fanned out and logged. */
  const customerEvent = async (): Promise<void> => {
    await request(t.server)
      .post('/www/kunden')
      .set('Authorization', admin)
      .send(newCustomerBody())
      .expect(201);
    await eventually(
      async () => {
        const [row] = await t.dataSource.query(
          `SELECT (SELECT COUNT(*) FROM "rest_event" WHERE "fanned_out" = 0)
                + (SELECT COUNT(*) FROM "rest_event_delivery" WHERE "listener" = 'log' AND "status" <> 'delivered') AS "n"`,
        );
        return Number((row as { n: unknown }).n) === 0;
      },
      10_000,
      'the event fanned out and logged',
    );
  };

  const listAll = async () =>
    (
      await request(t.server)
        .get('/www/webhooks?all=true')
        .set('Authorization', admin)
        .parse(json)
        .expect(200)
    ).body.data as Array<{ id: number; enabled: boolean; disabledReason: string | null }>;

  it('a user disabled in the database gets no event; disabling it through the CLI ends its tokens and webhooks', async () => {
    const { token, id } = await subscriber('sub-disabled');
    await t.dataSource.query(`UPDATE "rest_user" SET "disabled" = 1 WHERE "name" = 'sub-disabled'`);
    const before = receiver.events().length;
    await customerEvent();
    // Fanned out and delivered to the log listener: nothing went or will go to the subscription.
    expect(receiver.events()).toHaveLength(before);
    const [row] = await t.dataSource.query(
      `SELECT COUNT(*) AS "n" FROM "rest_event_delivery" WHERE "listener" = 'subscription' AND "target" = '${id}' AND "status" <> 'dead'`,
    );
    expect(Number((row as { n: unknown }).n)).toBe(0);

    await t.dataSource.query(`UPDATE "rest_user" SET "disabled" = 0 WHERE "name" = 'sub-disabled'`);
    await userAdmin(t).setDisabled('sub-disabled', true);
    await userAdmin(t).setDisabled('sub-disabled', false);
    await request(t.server).get('/www/webhooks').set('Authorization', token).expect(401);
    expect((await listAll()).find((w) => w.id === id)).toMatchObject({
      enabled: false,
      disabledReason: expect.stringMatching(/^Disabled at .*: the user was disabled; /),
    });
  });

  it('a password reset and a token revocation disable the webhooks with a reason', async () => {
    const reset = await subscriber('sub-reset');
    const revoked = await subscriber('sub-revoked');
    await userAdmin(t).changePassword('sub-reset', 'another-secret');
    await userAdmin(t).revokeTokens('sub-revoked');
    const all = await listAll();
    expect(all.find((w) => w.id === reset.id)?.disabledReason).toMatch(/: the user's password was reset; /);
    expect(all.find((w) => w.id === revoked.id)?.disabledReason).toMatch(
      /: the user's tokens were revoked; /,
    );
  });

  it("admins list every user's webhooks with all=true and delete any; others may not ask for all", async () => {
    const { token, id } = await subscriber('sub-listed');
    const own = await request(t.server)
      .get('/www/webhooks')
      .set('Authorization', admin)
      .parse(json)
      .expect(200);
    expect(own.body.data.map((w: { id: number }) => w.id)).not.toContain(id);
    expect((await listAll()).map((w) => w.id)).toContain(id);
    const refused = await request(t.server)
      .get('/www/webhooks?all=true')
      .set('Authorization', token)
      .parse(json)
      .expect(403);
    expect(refused.body).toEqual({
      error: 'forbidden',
      error_description: 'all=true lists the webhooks of every user; it is for admins.',
    });
    await request(t.server).get('/www/webhooks?all=yes').set('Authorization', admin).expect(400);
    await request(t.server).delete(`/www/webhooks/${id}`).set('Authorization', admin).expect(204);
    await request(t.server).delete(`/www/webhooks/${id}`).set('Authorization', token).expect(404);
  });

  it('25 parallel registrations of one user leave exactly 20 subscriptions', async () => {
    const token = `Bearer ${await addUserWithToken(t, { name: 'sub-many', role: 'shop' }, 'sub-many-secret')}`;
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        request(t.server)
          .post('/www/webhooks')
          .set('Authorization', token)
          .send({ url: receiver.url, events: ['REST_Auft'] }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(20).fill(201), ...Array(5).fill(409)]);
    const listed = await request(t.server)
      .get('/www/webhooks')
      .set('Authorization', token)
      .parse(json)
      .expect(200);
    expect(listed.body.count).toBe(20);
  });

  it('stops reading an answer past 64 KB instead of waiting for its end', async () => {
    // Sends the proof and 100 KB of blanks, and never ends the answer.
    const endless = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const proof = validationProof({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write(proof + ' '.repeat(100_000));
      });
    });
    await new Promise<void>((ok) => endless.listen(0, '127.0.0.1', ok));
    try {
      const { port } = endless.address() as AddressInfo;
      await request(t.server)
        .post('/www/webhooks')
        .set('Authorization', admin)
        .send({ url: `http://127.0.0.1:${port}/hook`, events: ['REST_Auft'] })
        .expect(201);
    } finally {
      endless.closeAllConnections();
      await new Promise<void>((ok) => endless.close(() => ok()));
    }
  });
});
