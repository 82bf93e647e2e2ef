import request from 'supertest';
import { EventRelay } from '../src/events/event-relay';
import { Outbox } from '../src/events/ports/outbox';
import { freePort } from './support/child-processes';
import { countQueries, QUIET_RELAY } from './support/query-count';
import { testDbType } from './support/test-databases';
import { createTestApp, json, TestApp } from './support/test-app';

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample line `name{labels} value`, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const body = line.slice(name.length + 1, line.lastIndexOf('}'));
    const found = new Map([...body.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found.get(k) === v))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('GET /metrics: the SQL statements sent', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(QUIET_RELAY);
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts every statement a request sends', async () => {
    const token = await t.token('demo');
    const statements = async (): Promise<number> =>
      Number(
        /^erp_db_statements_total (\d+)$/m.exec(
          (await request(t.server).get('/metrics').expect(200)).text,
        )?.[1],
      );
    const first = await statements();
    // What reading the metrics costs by itself (the event backlog), once the relay's first round is over.
    let own = -1;
    for (let last = first, i = 0; i < 20; i++) {
      const now = await statements();
      if (now - last === own) break;
      [own, last] = [now - last, now];
    }
    const before = await statements();
    const sent = await countQueries(() =>
      request(t.server).get('/www/kunden/10001').auth(token, { type: 'bearer' }).expect(200),
    );
    expect(first).toBeGreaterThan(0);
    expect(sent).toBeGreaterThan(0);
    expect((await statements()) - before).toBe(sent + own);
  });
});

describe('GET /metrics without METRICS_TOKEN: loopback clients only; what it counts', () => {
  let t: TestApp;

  beforeAll(async () => {
    // A webhook URL nobody listens on: every delivery attempt fails.
    const closed = await freePort();
    t = await createTestApp({
      EVENT_LISTENERS: 'webhook',
      WEBHOOK_URLS: `http://127.0.0.1:${closed}/hook`,
      WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 3).toString('base64')}`,
      EVENT_POLL_MS: '50',
      EVENT_RETRY_BASE_SECONDS: '3600',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the Prometheus text format: requests by route pattern and status, e-invoice jobs, events, pool', async () => {
    const token = await t.token('demo');
    await request(t.server).get('/www/artikel?limit=1').auth(token, { type: 'bearer' }).expect(200);
    await request(t.server).get('/www/artikel/1000').auth(token, { type: 'bearer' }).expect(200);
    await request(t.server).get('/www/artikel/gibtsnicht').auth(token, { type: 'bearer' }).expect(404);
    await request(t.server).get('/www/nirgends').expect(404);
    await request(t.server)
      .post('/www/zugferd')
      .auth(token, { type: 'bearer' })
      .send({ Operation: 'Extract', PDF: Buffer.from('kein PDF').toString('base64') })
      .expect(400);
    await request(t.server)
      .post('/www/auftrag')
      .auth(token, { type: 'bearer' })
      .send({ GrundDaten: { KundNr: '10001' }, Positionen: [{ ArtNr: '1000', Menge: 1 }] })
      .expect(201);
    let text = '';
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const res = await request(t.server).get('/metrics').expect(200);
      text = res.text;
      if (sample(text, 'erp_event_delivery_failures_total', { listener: 'webhook', dead: 'false' }) === 1)
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const res = await request(t.server).get('/metrics').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    text = res.text;

    const count = (route: string, status: string, method = 'GET') =>
      sample(text, 'http_request_duration_seconds_count', { method, route, status });
    expect(count('/www/artikel', '200')).toBe(1);
    expect(count('/www/artikel/:ArtNr', '200')).toBe(1);
    expect(count('/www/artikel/:ArtNr', '404')).toBe(1);
    expect(count('unmatched', '404')).toBe(1);
    expect(count('/www/auftrag', '201', 'POST')).toBe(1);
    expect(text).not.toContain('gibtsnicht');
    expect(text).not.toContain('nirgends');
    expect(
      sample(text, 'erp_zugferd_job_duration_seconds_count', { operation: 'Extract', outcome: 'failed' }),
    ).toBe(1);
    expect(sample(text, 'erp_event_delivery_failures_total', { listener: 'webhook', dead: 'false' })).toBe(1);
    expect(sample(text, 'erp_event_backlog', { state: 'retrying' })).toBe(1);
    expect(sample(text, 'erp_event_backlog', { state: 'waiting' })).toBe(0);
    expect(sample(text, 'erp_event_backlog', { state: 'dead' })).toBe(0);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    if (testDbType() === 'postgres') {
      expect(sample(text, 'erp_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'erp_db_pool_connections', { state: 'waiting' })).toBe(0);
      expect(sample(text, 'erp_db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
    } else {
      // The embedded database has no pool.
      expect(text).not.toContain('erp_db_pool_connections{');
    }
  });

  it('refuses a request that came through a proxy (X-Forwarded-For, Forwarded)', async () => {
    for (const [name, value] of [
      ['X-Forwarded-For', '203.0.113.9'],
      ['Forwarded', 'for=203.0.113.9'],
    ]) {
      const res = await request(t.server).get('/metrics').set(name, value).parse(json).expect(403);
      expect(res.body).toEqual({
        error: 'forbidden',
        error_description: expect.stringContaining('METRICS_TOKEN'),
      });
    }
  });
});

describe('GET /metrics behind a proxy (TRUST_PROXY) without METRICS_TOKEN', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1', METRICS_TOKEN: '' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses even a loopback client without forwarding headers (a proxy may set only X-Real-IP)', async () => {
    for (const headers of [{}, { 'X-Real-IP': '203.0.113.9' }]) {
      const res = await request(t.server).get('/metrics').set(headers).parse(json).expect(403);
      expect(res.body).toEqual({
        error: 'forbidden',
        error_description: 'GET /metrics needs METRICS_TOKEN while TRUST_PROXY is set.',
      });
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  it('wants the token as bearer token, from anywhere', async () => {
    for (const auth of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`]) {
      const req = request(t.server).get('/metrics');
      if (auth) req.set('Authorization', auth);
      const res = await req.parse(json).expect(401);
      expect(res.body).toEqual({ error: 'unauthorized', error_description: expect.any(String) });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer /);
    }
    const ok = await request(t.server)
      .get('/metrics')
      .set('Authorization', `Bearer ${TOKEN}`)
      .set('X-Forwarded-For', '203.0.113.9')
      .expect(200);
    expect(ok.text).toContain('# TYPE http_request_duration_seconds histogram');
  });
});

describe('GET /ready and the event backlog', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ READY_MAX_EVENT_BACKLOG: '2' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is not ready while more events than READY_MAX_EVENT_BACKLOG wait for the relay', async () => {
    const relay = t.app.get(EventRelay);
    await relay.onApplicationShutdown(); // the relay stops: events pile up
    const token = await t.token('demo');
    for (let i = 0; i < 3; i++)
      await request(t.server)
        .post('/www/auftrag')
        .auth(token, { type: 'bearer' })
        .send({ GrundDaten: { KundNr: '10001' }, Positionen: [{ ArtNr: '1000', Menge: 1 }] })
        .expect(201);
    const res = await request(t.server).get('/ready').parse(json).expect(503);
    expect(res.body).toEqual({
      error: 'service_unavailable',
      error_description: '3 events wait for delivery (more than READY_MAX_EVENT_BACKLOG=2).',
      info: { database: 'up', migrations: 'current', eventBacklog: 3 },
    });
    await relay.round(); // fan out and deliver (log listener)
    const ready = await request(t.server).get('/ready').parse(json).expect(200);
    expect(ready.body).toEqual({ status: 'ready', database: 'up', migrations: 'current', eventBacklog: 0 });
  });

  it('does not count deliveries leased to a relay at work as waiting', async () => {
    await t.app.get(EventRelay).onApplicationShutdown();
    const store = t.app.get(Outbox);
    const token = await t.token('demo');
    for (let i = 0; i < 3; i++)
      await request(t.server)
        .post('/www/auftrag')
        .auth(token, { type: 'bearer' })
        .send({ GrundDaten: { KundNr: '10001' }, Positionen: [{ ArtNr: '1000', Menge: 1 }] })
        .expect(201);
    expect(await store.fanOut(100, [{ listener: 'log', target: '' }])).toBe(3);
    const now = new Date();
    const leased = await store.claimDue(100, ['log'], 'a-slow-relay', now, new Date(now.getTime() + 60_000));
    expect(leased).toHaveLength(3);
    const ready = await request(t.server).get('/ready').parse(json).expect(200);
    expect(ready.body).toEqual({ status: 'ready', database: 'up', migrations: 'current', eventBacklog: 0 });
  });
});
