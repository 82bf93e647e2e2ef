import request from 'supertest';
import { IdempotencyKeyEntity } from '@app/erp-db';
import { OutboxWatch } from './support/outbox';
import { requestFingerprint } from '../src/idempotency/request-fingerprint';
import { createTestApp, json, TestApp } from './support/test-app';

describe('Idempotency-Key on POST and PUT /www/auftrag', () => {
  let t: TestApp;
  let second: TestApp;
  let token: string;
  let events!: OutboxWatch;

  beforeAll(async () => {
    t = await createTestApp();
    second = await createTestApp({
      DB_PATH: t.config.dbPath,
      DATABASE_URL: t.config.databaseUrl ?? '',
      IDEMPOTENCY_WAIT_MS: '300',
    });
    token = await t.token();
    events = new OutboxWatch(t.dataSource, 'REST_Auft');
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const orderCount = async (): Promise<number> =>
    Number((await t.dataSource.query(`SELECT COUNT(*) AS n FROM "Auftrag"`))[0].n);
  const keys = () => t.dataSource.getRepository(IdempotencyKeyEntity);
  const post = (key: string | null, body: object, app: TestApp = t, bearer = token) => {
    const r = request(app.server).post('/www/auftrag').set('Authorization', `Bearer ${bearer}`);
    return (key === null ? r : r.set('Idempotency-Key', key)).send(body).parse(json);
  };
  const order = (tag: string, extra: object = {}) => ({
    GrundDaten: { KundNr: '10001', AuftBez: tag, ...extra },
    Positionen: [{ ArtNr: '1000', Menge: 3 }],
  });

  it('replays the first response of a POST: same status, body and Location; nothing created twice', async () => {
    const before = await orderCount();
    await events.reset();
    const first = await post('key-post-1', order('eins')).expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post('key-post-1', order('eins')).expect(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await orderCount()).toBe(before + 1);
    expect(await events.recorded()).toHaveLength(1);
    const stored = await keys().findOneByOrFail({ userName: 'demo', idemKey: 'key-post-1' });
    expect(stored).toMatchObject({ method: 'POST', path: '/www/auftrag', statusCode: 201 });
    expect(JSON.parse(stored.responseBody ?? '')).toEqual(first.body);
  });

  it('compares bodies as JSON: another key order is the same request', async () => {
    const first = await post('key-order', {
      Positionen: [{ Menge: 1, ArtNr: '1000' }],
      GrundDaten: { KundNr: '10001' },
    }).expect(201);
    const again = await post('key-order', {
      GrundDaten: { KundNr: '10001' },
      Positionen: [{ ArtNr: '1000', Menge: 1 }],
    }).expect(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('replays a PUT (201 with Cache-Control: no-store), not the 409 of a second conversion', async () => {
    const body = { GrundDaten: { KundNr: '10001', OffertNr: '500001' } };
    const put = () =>
      request(t.server)
        .put('/www/auftrag')
        .set('Authorization', `Bearer ${token}`)
        .set('Idempotency-Key', 'key-put-1')
        .send(body)
        .parse(json);
    const first = await put().expect(201);
    const again = await put().expect(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.headers['idempotent-replayed']).toBe('true');
    const without = await request(t.server)
      .put('/www/auftrag')
      .set('Authorization', `Bearer ${token}`)
      .send(body)
      .parse(json)
      .expect(409);
    expect(without.body.info.AuftNr).toBe(first.body.data.AuftNr);
  });

  it('replays the 200 of a duplicate AuftBestellNr as 200', async () => {
    const body = order('dup', { AuftBestellNr: 'SHOP-2026-0001' });
    await post('key-dup', body).expect(200);
    const again = await post('key-dup', body).expect(200);
    expect(again.body).toEqual({ data: { AuftNr: '100001' } });
  });

  it('the same key with another body or another method: 422, nothing created', async () => {
    await post('key-mismatch', order('a')).expect(201);
    const before = await orderCount();
    const res = await post('key-mismatch', order('b')).expect(422);
    expect(res.body).toEqual({
      error: 'unprocessable',
      error_description: expect.any(String),
      info: { fields: [{ field: 'Idempotency-Key', message: expect.any(String) }] },
    });
    await request(t.server)
      .put('/www/auftrag')
      .set('Authorization', `Bearer ${token}`)
      .set('Idempotency-Key', 'key-mismatch')
      .send({ GrundDaten: { KundNr: '10001', OffertNr: '500002' } })
      .expect(422);
    expect(await orderCount()).toBe(before);
  });

  it('keys belong to a user: another user with the same key runs its own request', async () => {
    const admin = await t.token('admin');
    const mine = await post('key-shared', order('user')).expect(201);
    const theirs = await post('key-shared', order('user'), t, admin).expect(201);
    expect(theirs.body.data.AuftNr).not.toBe(mine.body.data.AuftNr);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a failed request gives its key back: the corrected request runs', async () => {
    const bad = { GrundDaten: { KundNr: '10001' }, Positionen: [{ ArtNr: 'GIBTSNICHT', Menge: 1 }] };
    await post('key-retry', bad).expect(422);
    expect(await keys().findOneBy({ userName: 'demo', idemKey: 'key-retry' })).toBeNull();
    await post('key-retry', order('korrigiert')).expect(201);
  });

  it('parallel requests with one key: one order, every answer the same', async () => {
    const before = await orderCount();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => post('key-parallel', order('parallel'))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    expect(new Set(results.map((r) => r.body.data.AuftNr)).size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    expect(await orderCount()).toBe(before + 1);
  });

  it('two instances on one database share the keys', async () => {
    const before = await orderCount();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post('key-two-instances', order('zwei'), i % 2 ? second : t)),
    );
    const ok = results.filter((r) => r.status === 201);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((r) => r.body.data.AuftNr)).size).toBe(1);
    // the second instance waits at most 300 ms; a slower first request makes it answer 409
    for (const r of results.filter((x) => x.status !== 201)) expect(r.status).toBe(409);
    expect(await orderCount()).toBe(before + 1);
  });

  it('while the first request runs, a repeat waits and then answers 409 in progress with Retry-After', async () => {
    const body = order('laufend');
    await keys().insert({
      userName: 'demo',
      idemKey: 'key-running',
      method: 'POST',
      path: '/www/auftrag',
      requestHash: requestFingerprint('POST', '/www/auftrag', body),
      statusCode: null,
      responseBody: null,
      responseHeaders: null,
      createdAt: new Date(),
    });
    const started = Date.now();
    const res = await post('key-running', body, second).expect(409);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.body).toEqual({
      error: 'conflict',
      error_description: expect.any(String),
      info: { 'Idempotency-Key': 'key-running', state: 'in_progress' },
    });
  });

  it('an expired key (older than IDEMPOTENCY_RETENTION_HOURS) counts as new', async () => {
    const first = await post('key-old', order('alt')).expect(201);
    await keys().update(
      { userName: 'demo', idemKey: 'key-old' },
      { createdAt: new Date(Date.now() - 25 * 3600_000) },
    );
    const again = await post('key-old', order('alt')).expect(201);
    expect(again.body.data.AuftNr).not.toBe(first.body.data.AuftNr);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });

  it('an invalid key: 400', async () => {
    const res = await post('x'.repeat(256), order('lang')).expect(400);
    expect(res.body.info.fields).toEqual([{ field: 'Idempotency-Key', message: expect.any(String) }]);
    await post('mit leerzeichen', order('blank')).expect(400);
  });

  it('requests without a key are not affected', async () => {
    const a = await post(null, order('ohne')).expect(201);
    const b = await post(null, order('ohne')).expect(201);
    expect(a.body.data.AuftNr).not.toBe(b.body.data.AuftNr);
  });
});
