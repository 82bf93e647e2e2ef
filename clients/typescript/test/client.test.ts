import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPOSITORY, startService, RunningService } from '../scripts/service';
import {
  createErpClient,
  ErpApiError,
  ErpClientOptions,
  verifyWebhook,
  webhookValidationProof,
  WebhookVerificationError,
} from '../src';
import { errorBody, TestProxy } from './support/proxy';
import { WebhookReceiver } from './support/receiver';

const ORDER = { GrundDaten: { KundNr: '10001' }, Positionen: [{ ArtNr: '1000', Menge: 2 }] };
const isToken = (e: { method: string; path: string }) => e.method === 'POST' && e.path === '/www/token';

/** Started here unless ERP_BASE_URL names a demo service (npm test starts one for the build and the tests). */
let service: RunningService | null = null;
let proxy: TestProxy;
const receiver = new WebhookReceiver();

before(async () => {
  await receiver.start();
  const base = process.env.ERP_BASE_URL ?? (service = await startService()).base;
  proxy = await new TestProxy(base).start();
});

after(async () => {
  await proxy?.stop();
  await service?.stop();
  await receiver.stop();
});

/** A client of the demo shop user through the proxy; its waits are recorded, not slept. */
function shopClient(options: Partial<ErpClientOptions> = {}) {
  const sleeps: number[] = [];
  const client = createErpClient({
    baseUrl: proxy.base,
    username: 'demo',
    password: 'demo',
    sleep: async (ms) => void sleeps.push(ms),
    ...options,
  });
  return { client, sleeps };
}

/** The ErpApiError a call fails with (the test fails when it succeeds or fails otherwise). */
async function apiError(call: Promise<unknown>): Promise<ErpApiError> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(err instanceof ErpApiError, `expected an ErpApiError, got ${String(err)}`);
  return err;
}

describe('tokens', () => {
  it('gets a token with Basic at POST /www/token and sends it as Bearer', async () => {
    const start = proxy.seen.length;
    const { client } = shopClient();
    const { data } = await client.GET('/www/artikel/{ArtNr}', { params: { path: { ArtNr: '1000' } } });
    assert.equal(data.data.ArtNr, '1000');
    const [login, get] = proxy.seen.slice(start);
    assert.equal(login.method, 'POST');
    assert.equal(login.path, '/www/token');
    assert.equal(login.headers.authorization, `Basic ${Buffer.from('demo:demo').toString('base64')}`);
    assert.equal(login.headers['idempotency-key'], undefined);
    const token = (JSON.parse(login.answer!.toString()) as { access_token: string }).access_token;
    assert.equal(get.headers.authorization, `Bearer ${token}`);
  });

  it('renews the token before expires_in elapses, with one renewal for parallel calls', async () => {
    let clock = Date.parse('2026-03-01T09:00:00Z');
    const { client } = shopClient({ now: () => clock });
    const logins = () => proxy.seen.filter(isToken).length;
    const before = logins();
    const first = await client.token();
    await client.GET('/health');
    // expires_in is 3600: still the same token at 3500 s, a new one within the last minute.
    clock += 3500_000;
    assert.equal(await client.token(), first);
    assert.equal(logins(), before + 1);
    clock += 50_000;
    const start = proxy.seen.length;
    await Promise.all(
      ['1000', '1001', '1002', '1004', '1005'].map((ArtNr) =>
        client.GET('/www/artikel/{ArtNr}', { params: { path: { ArtNr } } }),
      ),
    );
    assert.equal(logins(), before + 2);
    const renewed = await client.token();
    assert.notEqual(renewed, first);
    const gets = proxy.seen.slice(start).filter((e) => e.method === 'GET');
    assert.equal(gets.length, 5);
    for (const get of gets) assert.equal(get.headers.authorization, `Bearer ${renewed}`);
  });

  it('gets a new token once when the service refuses the current one', async () => {
    const { client } = shopClient();
    const first = await client.token();
    proxy.once((e) => e.path === '/www/artikel/1000', {
      answer: {
        status: 401,
        headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
        body: errorBody('unauthorized', 'The token is not valid.'),
      },
    });
    const { data } = await client.GET('/www/artikel/{ArtNr}', { params: { path: { ArtNr: '1000' } } });
    assert.equal(data.data.ArtNr, '1000');
    assert.notEqual(await client.token(), first);
  });

  it('answers wrong credentials with an ErpApiError 401', async () => {
    const client = createErpClient({ baseUrl: proxy.base, username: 'demo', password: 'wrong' });
    await assert.rejects(
      client.GET('/www/artikel/{ArtNr}', { params: { path: { ArtNr: '1000' } } }),
      (err: unknown) => err instanceof ErpApiError && err.status === 401 && err.code === 'unauthorized',
    );
  });
});

describe('typed calls and the ISO-8859-1 answers', () => {
  it('reads an article with umlauts and accents from Latin-1 bytes', async () => {
    const { client } = shopClient();
    const { data, response } = await client.GET('/www/artikel/{ArtNr}', {
      params: { path: { ArtNr: '1000' }, query: { fields: 'ArtNr,ArtBez,Preis', waehrabk: 'CHF' } },
    });
    assert.equal(data.data.ArtBez, 'Kaffeebohnen Crème Röstung 1 kg');
    assert.equal(data.data.Preis?.[0]?.AbAnzahl, 1);
    assert.equal(response.status, 200);
    const raw = proxy.seen[proxy.seen.length - 1];
    assert.match(String(raw.answerHeaders!['content-type']), /charset=iso-8859-1/i);
    assert.ok(raw.answer!.includes(Buffer.from('Crème Röstung', 'latin1')), 'the service sent Latin-1 bytes');
  });

  it('creates and reads a customer with umlauts and characters outside Latin-1', async () => {
    const { client } = shopClient();
    const Kommentar = 'Grüße aus Zürich – 5 € für Łukasz';
    const created = await client.POST('/www/kunden', {
      body: {
        GrundDaten: { WaehrAbk: 'CHF', FAKTZahlArt: 'L', Kommentar },
        Adressen: {
          KontaktAdr: {
            AdrSprache: 'ger',
            AdrAnrede: 2,
            AdrVorname: 'Jürgen',
            AdrName: 'Müller',
            AdrAdresse1: 'Bahnhofstrasse 1',
            OrtLand: 'CH',
            OrtPLZ: '8001',
            OrtName: 'Zürich',
          },
        },
      },
    });
    assert.equal(created.response.status, 201);
    const DebiNr = created.data.data.DebiNr;
    const { data } = await client.GET('/www/kunden/{DebiNr}', { params: { path: { DebiNr } } });
    assert.equal(data.data.Kommentar, Kommentar);
    const raw = proxy.seen[proxy.seen.length - 1];
    assert.match(String(raw.answerHeaders!['content-type']), /charset=iso-8859-1/i);
    assert.ok(
      raw.answer!.includes(Buffer.from('Gr\u00fc\u00dfe aus Z\u00fcrich \\u2013 5 \\u20ac', 'latin1')),
    );
    const addresses = await client.GET('/www/adressen', { params: { query: { debinr: DebiNr } } });
    assert.equal(addresses.data.data.KundKontakt?.[0]?.AdrName, 'Müller');
  });

  it('reads a customer of the demo data', async () => {
    const { client } = shopClient();
    const { data } = await client.GET('/www/kunden/{DebiNr}', {
      params: { path: { DebiNr: '10001' }, query: { order: 5 } },
    });
    assert.equal(data.data.WaehrAbk, 'CHF');
    assert.ok(data.data.Auftrag?.some((o) => o.AuftNr === '100001'));
  });
});

describe('binary answers', () => {
  it('combines an e-invoice PDF and extracts its XML again, byte for byte', async () => {
    const { client } = shopClient();
    const corpus = join(REPOSITORY, 'libs', 'zugferd', 'test', 'corpus');
    const xml = readFileSync(join(corpus, 'xml-cii', 'EN16931_Einfach.cii.xml'));
    const pdf = readFileSync(join(corpus, 'pdf-plain', 'plain_mustang_508blanko_PDFA3B.pdf'));
    const combined = await client.POST('/www/zugferd', {
      body: { Operation: 'Combine', PDF: pdf.toString('base64'), XML: xml.toString('base64') },
      parseAs: 'arrayBuffer',
    });
    assert.equal(combined.response.headers.get('content-type'), 'application/pdf');
    const invoice = Buffer.from(combined.data);
    assert.equal(invoice.subarray(0, 5).toString('latin1'), '%PDF-');
    const extracted = await client.POST('/www/zugferd', {
      body: { Operation: 'Extract', PDF: invoice.toString('base64') },
      parseAs: 'arrayBuffer',
    });
    assert.ok(Buffer.from(extracted.data).equals(xml));
  });
});

describe('retries on 429 and 503', () => {
  it('sends an order once: the retry after a 503 carries the same Idempotency-Key', async () => {
    const { client, sleeps } = shopClient();
    const rule = proxy.once((e) => e.method === 'POST' && e.path === '/www/auftrag', {
      forwardThen: {
        status: 503,
        headers: { 'retry-after': '1' },
        body: errorBody('service_unavailable', 'The database is not available.'),
      },
    });
    const start = proxy.seen.length;
    const { data, response } = await client.POST('/www/auftrag', { body: ORDER });
    const posts = proxy.seen.slice(start).filter((e) => e.method === 'POST' && e.path === '/www/auftrag');
    assert.equal(posts.length, 2);
    const key = posts[0].headers['idempotency-key'];
    assert.match(String(key), /^[\x21-\x7e]{1,255}$/);
    assert.equal(posts[1].headers['idempotency-key'], key);
    assert.deepEqual(sleeps, [1000]);
    // The first attempt created the order; the retry got the same answer again instead of a second order.
    const first = JSON.parse(rule.served!.body.toString()) as { data: { AuftNr: string } };
    assert.equal(rule.served!.status, 201);
    assert.equal(data.data.AuftNr, first.data.AuftNr);
    assert.equal(response.status, 201);
    assert.equal(response.headers.get('idempotent-replayed'), 'true');
    // Another call is another order, with a key of its own.
    const again = await client.POST('/www/auftrag', { body: ORDER });
    assert.notEqual(again.data.data.AuftNr, data.data.AuftNr);
    const last = proxy.seen[proxy.seen.length - 1];
    assert.notEqual(last.headers['idempotency-key'], key);
  });

  it('waits until the HTTP date of Retry-After on a 429', async () => {
    const clock = Date.parse('2026-03-01T09:00:00Z');
    const { client, sleeps } = shopClient({ now: () => clock });
    proxy.once((e) => e.path === '/www/artikel/1001', {
      answer: {
        status: 429,
        headers: { 'retry-after': new Date(clock + 2000).toUTCString() },
        body: errorBody('rate_limited', 'Too many requests.'),
      },
    });
    const { data } = await client.GET('/www/artikel/{ArtNr}', { params: { path: { ArtNr: '1001' } } });
    assert.equal(data.data.ArtNr, '1001');
    assert.deepEqual(sleeps, [2000]);
  });

  it('gives up after its attempts, and at once when Retry-After is longer than it waits', async () => {
    const { client, sleeps } = shopClient({ retry: { maxAttempts: 3, maxDelayMs: 60_000 } });
    await client.token();
    const unavailable = {
      answer: {
        status: 503,
        headers: { 'retry-after': '2' },
        body: errorBody('service_unavailable', 'The database is not available.'),
      },
    };
    for (let i = 0; i < 3; i++) proxy.once((e) => e.path === '/www/artikel/1002', unavailable);
    const start = proxy.seen.length;
    await assert.rejects(
      client.GET('/www/artikel/{ArtNr}', { params: { path: { ArtNr: '1002' } } }),
      (err: unknown) =>
        err instanceof ErpApiError &&
        err.status === 503 &&
        err.code === 'service_unavailable' &&
        err.retryAfter === '2',
    );
    assert.equal(proxy.seen.length - start, 3);
    assert.deepEqual(sleeps, [2000, 2000]);
    proxy.once((e) => e.path === '/www/artikel/1002', {
      answer: { status: 429, headers: { 'retry-after': '61' }, body: errorBody('rate_limited', 'Too many.') },
    });
    await assert.rejects(
      client.GET('/www/artikel/{ArtNr}', { params: { path: { ArtNr: '1002' } } }),
      (err: unknown) => err instanceof ErpApiError && err.status === 429 && err.retryAfter === '61',
    );
    assert.equal(proxy.seen.length - start, 4);
    assert.deepEqual(sleeps, [2000, 2000]);
  });
});

describe('errors', () => {
  it('throws the 404 of an unknown article as ErpApiError', async () => {
    const { client } = shopClient();
    const err = await apiError(
      client.GET('/www/artikel/{ArtNr}', { params: { path: { ArtNr: 'NOSUCHART' } } }),
    );
    assert.equal(err.status, 404);
    assert.equal(err.code, 'not_found');
    assert.ok(err.message.length > 0);
    assert.ok(err.requestId);
  });

  it('throws the 422 of an unknown customer with its field, without retrying', async () => {
    const { client } = shopClient();
    const start = proxy.seen.length;
    const err = await apiError(
      client.POST('/www/auftrag', { body: { ...ORDER, GrundDaten: { KundNr: '99999' } } }),
    );
    assert.equal(err.status, 422);
    assert.equal(err.code, 'unprocessable');
    assert.deepEqual(
      err.fields.map((f) => f.field),
      ['GrundDaten.KundNr'],
    );
    assert.equal(proxy.seen.slice(start).filter((e) => e.path === '/www/auftrag').length, 1);
  });

  it('throws the 400 of an invalid line with every field named', async () => {
    const { client } = shopClient();
    const err = await apiError(
      client.POST('/www/auftrag', { body: { ...ORDER, Positionen: [{ ArtNr: '1000', Menge: 0 }] } }),
    );
    assert.equal(err.status, 400);
    assert.equal(err.code, 'invalid_request');
    assert.ok(err.fields.some((f) => f.field === 'Positionen[0].Menge'));
  });

  it("throws the e-invoice route's own error body as ErpApiError too", async () => {
    const { client } = shopClient();
    const PDF = Buffer.from('no PDF at all').toString('base64');
    const err = await apiError(client.POST('/www/zugferd', { body: { Operation: 'Extract', PDF } }));
    assert.equal(err.status, 400);
    assert.equal(err.code, 'endpoint');
    assert.ok(err.message.length > 0);
    assert.ok(Array.isArray(err.info.subprocess_output));
  });
});

describe('verifyWebhook', () => {
  it('verifies the webhooks the service sends to a subscription, and refuses them changed', async () => {
    // The subscription: the service validates the URL first, with a request signed with the new secret.
    receiver.answer = (d) => {
      const body = JSON.parse(d.body.toString()) as { type?: string; secret?: string };
      if (body.type !== 'webhook.validation') return { status: 200 };
      const validation = verifyWebhook(body.secret!, d.headers, d.body);
      assert.ok('challenge' in validation);
      return {
        status: 200,
        body: JSON.stringify({ proof: webhookValidationProof(body.secret!, validation.challenge) }),
      };
    };
    const admin = createErpClient({ baseUrl: proxy.base, username: 'admin', password: 'admin' });
    const subscribed = await admin.POST('/www/webhooks', {
      body: { url: `${receiver.url}/subscription`, events: ['REST_Auft'] },
    });
    assert.equal(subscribed.response.status, 201);
    const secret = subscribed.data.data.secret ?? '';
    assert.match(secret, /^whsec_/);

    const { client } = shopClient();
    const { data } = await client.POST('/www/auftrag', { body: ORDER });
    const delivery = await receiver.next(
      (d) => d.path === '/subscription' && d.body.toString().includes(`"AuftNr":"${data.data.AuftNr}"`),
    );
    const message = verifyWebhook(secret, delivery.headers, delivery.body);
    assert.ok('event' in message);
    assert.equal(message.event, 'REST_Auft');
    assert.equal(message.AuftNr, data.data.AuftNr);
    assert.equal(message.action, 'created');
    assert.equal(delivery.headers['webhook-id'], message.id);
    assert.deepEqual(verifyWebhook(secret, delivery.headers, delivery.body.toString()), message);
    // Other signatures in the list do not matter, one valid v1 does.
    const signature = String(delivery.headers['webhook-signature']);
    const listed = {
      ...delivery.headers,
      'webhook-signature': `v1,${randomBytes(32).toString('base64')} ${signature}`,
    };
    assert.deepEqual(verifyWebhook(secret, listed, delivery.body), message);

    const refused = (
      headers: typeof delivery.headers,
      body: Buffer | string,
      key = secret,
      now?: () => number,
    ) => assert.throws(() => verifyWebhook(key, headers, body, { now }), WebhookVerificationError);
    refused(delivery.headers, delivery.body.toString().replace('"created"', '"converted"'));
    refused(delivery.headers, delivery.body, `whsec_${randomBytes(32).toString('base64')}`);
    refused({ ...delivery.headers, 'webhook-id': '000000000001' }, delivery.body);
    refused({ ...delivery.headers, 'webhook-signature': undefined }, delivery.body);
    refused({ ...delivery.headers, 'webhook-signature': signature.replace('v1,', 'v2,') }, delivery.body);
    const sent = Number(delivery.headers['webhook-timestamp']) * 1000;
    refused(delivery.headers, delivery.body, secret, () => sent + 301_000);
    refused(delivery.headers, delivery.body, secret, () => sent - 301_000);
    assert.deepEqual(
      verifyWebhook(secret, delivery.headers, delivery.body, { now: () => sent + 299_000 }),
      message,
    );
  });
});
