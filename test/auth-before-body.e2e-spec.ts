import request from 'supertest';
import { listeningPort, rawRequest } from './support/raw-http';
import { awayFromMinuteEnd } from './support/minute-windows';
import { createTestApp, json, TestApp } from './support/test-app';
import { OpenApiDocument } from './support/worst-bodies';

jest.setTimeout(120_000);

const MISSING = {
  status: 401,
  body: { error: 'unauthorized', error_description: 'A bearer token is required (POST /www/token).' },
  challenge: 'Bearer realm="erp"',
};
const INVALID = {
  status: 401,
  body: { error: 'unauthorized', error_description: 'The access token is invalid or expired.' },
  challenge: 'Bearer error="invalid_token"',
};

/** Every operation of the document that wants a bearer token, as method and a path with parameters filled in. */
function bearerOperations(document: OpenApiDocument): { operation: string; method: string; url: string }[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, op]) => (op.security ?? []).some((s) => 'bearer' in s))
      .map(([method]) => ({
        operation: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        url: path.replace(/\{\w+\}/g, '1'),
      })),
  );
}

/**
 * A bearer route checks the token before it reads the body: a client without a valid one that
 * announces a large body and sends a few bytes gets its 401 at once, not a 408 when the request
 * time runs out. The 401s are those of the guard, byte for byte.
 */
describe('authentication before the body is read', () => {
  let t: TestApp;
  let port: number;
  let document: OpenApiDocument;

  beforeAll(async () => {
    // A short request time, so that a server that waits for the body answers 408 within the test.
    t = await createTestApp({ REQUEST_TIMEOUT_MS: '4000' });
    port = await listeningPort(t);
    document = (await request(t.server).get('/docs-json').expect(200)).body as OpenApiDocument;
  });
  afterAll(() => t.close());

  const announce = (method: string, url: string, authorization?: string) =>
    rawRequest(
      port,
      `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `${authorization ? `Authorization: ${authorization}\r\n` : ''}Content-Length: 1000000\r\n\r\n`,
      [Buffer.from('{"GrundDaten": {"Ku')],
      false,
    );

  it('every bearer route: 401 without a token, and with an unknown one, before the announced 1 MB arrives', async () => {
    const operations = bearerOperations(document);
    expect(operations.length).toBeGreaterThanOrEqual(20);
    for (const { operation, method, url } of operations)
      for (const [expected, authorization] of [
        [MISSING, undefined],
        [INVALID, `Bearer ${'x'.repeat(43)}`],
      ] as const) {
        const answer = await announce(method, url, authorization);
        expect([operation, answer.status, answer.sentWhole]).toEqual([operation, expected.status, false]);
        expect([operation, answer.headers['www-authenticate']]).toEqual([operation, expected.challenge]);
        expect([operation, JSON.parse(answer.body)]).toEqual([operation, expected.body]);
      }
  });

  it('with a valid token the body is awaited as before (408 when it does not come)', async () => {
    const token = await t.token('demo');
    const answer = await announce('POST', '/www/auftrag', `Bearer ${token}`);
    expect(answer.status).toBe(408);
  });

  it('answers each malformed credential as the guard does', async () => {
    const token = await t.token('demo');
    const cases: [string, Record<string, string>, typeof MISSING][] = [
      ['/www/kunden/10001', { Authorization: 'Basic ZGVtbzpkZW1v' }, MISSING],
      // HTTP drops the trailing blank: a lone "Bearer" is a malformed header to passport.
      ['/www/kunden/10001', { Authorization: 'Bearer ' }, INVALID],
      ['/www/kunden/10001', { Authorization: `Bearer ${token} extra` }, INVALID],
      [`/www/kunden/10001?access_token=${token}`, {}, INVALID],
    ];
    for (const [url, headers, expected] of cases) {
      const res = await request(t.server).get(url).set(headers).parse(json);
      expect([url, headers, res.status, res.headers['www-authenticate'], res.body]).toEqual([
        url,
        headers,
        expected.status,
        expected.challenge,
        expected.body,
      ]);
    }
  });

  it('POST /www/token keeps Basic authentication: 200 with the password, the Basic 401 without', async () => {
    const ok = await request(t.server).post('/www/token').auth('demo', 'demo').parse(json).expect(200);
    expect(ok.body.token_type).toBe('Bearer');
    const refused = await request(t.server).post('/www/token').parse(json).expect(401);
    expect(refused.headers['www-authenticate']).toBe('Basic realm="erp"');
    expect(refused.body).toEqual({
      error: 'unauthorized',
      error_description: 'Invalid user name or password.',
    });
  });

  it('OPTIONS /www/zugferd stays open', async () => {
    const res = await request(t.server).options('/www/zugferd').expect(204);
    expect(res.headers.allow).toBe('POST, OPTIONS');
  });
});

describe('requests without a valid token, per client address (ANONYMOUS_RATE_LIMIT_PER_MINUTE)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ANONYMOUS_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'loopback' });
  });
  afterAll(() => t.close());

  const anonymous = (ip: string, authorization?: string) => {
    const req = request(t.server).get('/www/kunden/10001').set('X-Forwarded-For', ip);
    if (authorization) req.set('Authorization', authorization);
    return req.parse(json);
  };

  it('three a minute from one address, then 429 with Retry-After; a valid token still passes', async () => {
    await awayFromMinuteEnd();
    const token = await t.token('demo');
    for (let i = 0; i < 3; i++) expect((await anonymous('192.0.2.10')).status).toBe(401);
    const refused = await anonymous('192.0.2.10', `Bearer ${'y'.repeat(43)}`);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body).toEqual({
      error: 'rate_limited',
      error_description: `More than 3 requests without a valid token a minute from this address; try again in ${retryAfter} seconds.`,
    });
    expect((await anonymous('192.0.2.10')).status).toBe(429);
    expect((await anonymous('192.0.2.10', `Bearer ${token}`)).status).toBe(200);
    // Another address (as the trusted proxy names it) has its own count.
    expect((await anonymous('192.0.2.11')).status).toBe(401);
  });

  it('an IPv6 client counts by its /64', async () => {
    await awayFromMinuteEnd();
    for (const ip of ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:ffff::3'])
      expect((await anonymous(ip)).status).toBe(401);
    expect((await anonymous('2001:db8:5:6::4')).status).toBe(429);
    expect((await anonymous('2001:db8:5:7::1')).status).toBe(401);
  });

  it('the limit answers before the body is read, too', async () => {
    await awayFromMinuteEnd();
    for (let i = 0; i < 3; i++)
      await request(t.server).post('/www/auftrag').set('X-Forwarded-For', '192.0.2.20').send({}).expect(401);
    const res = await request(t.server)
      .post('/www/auftrag')
      .set('X-Forwarded-For', '192.0.2.20')
      .send({ GrundDaten: { KundNr: '10001' } })
      .parse(json)
      .expect(429);
    expect(res.body.error).toBe('rate_limited');
  });
});
