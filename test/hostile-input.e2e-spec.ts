import { Server } from 'node:http';
import { AddressInfo, connect } from 'node:net';
import request from 'supertest';
import { createTestApp, json, TestApp } from './support/test-app';

/**
 * Bodies and parameters written to break the service rather than use it: each is a 400 or 415
 * with the one error body, never a 500, and a refused write changes nothing.
 */
describe('hostile input', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.token('demo');
  });

  afterAll(() => t.close());

  const send = (method: 'post' | 'patch' | 'put', url: string, raw: string, type = 'application/json') => {
    const server = request(t.server);
    return server[method](url)
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', type)
      .send(raw)
      .parse(json);
  };
  const get = (url: string) => request(t.server).get(url).set('Authorization', `Bearer ${token}`).parse(json);

  const addressRow = async (adrNr: number) =>
    (
      await t.dataSource.query(
        `SELECT * FROM "Adressen" WHERE "AdrNr" = ${t.config.dbType === 'postgres' ? '$1' : '?'}`,
        [adrNr],
      )
    )[0] as Record<string, unknown>;

  describe('JSON nesting', () => {
    it('answers 400 to 5,000 nested arrays (10 KB) instead of overflowing the stack', async () => {
      const deep = '['.repeat(5000) + ']'.repeat(5000);
      const res = await send('post', '/www/kunden', `{"GrundDaten": ${deep}}`).expect(400);
      expect(res.headers['content-type']).toBe('application/json; charset=iso-8859-1');
      expect(res.body).toEqual({
        error: 'invalid_request',
        error_description: 'The request body is nested deeper than 32 levels.',
      });
    });

    it('answers 400 to deeply nested objects on every JSON route, e.g. POST /www/auftrag', async () => {
      const deep = '{"a":'.repeat(40) + '1' + '}'.repeat(40);
      const res = await send('post', '/www/auftrag', deep).expect(400);
      expect(res.body.error_description).toBe('The request body is nested deeper than 32 levels.');
    });

    it('still takes an ordinary order body', async () => {
      const res = await send(
        'post',
        '/www/auftrag',
        JSON.stringify({ GrundDaten: { KundNr: '10001' }, Positionen: [{ ArtNr: '1000', Menge: 1 }] }),
      );
      expect(res.status).toBe(201);
    });
  });

  describe('U+0000, which PostgreSQL cannot store in text: a 400 naming where it is, never a 500', () => {
    const nul = (field: string) => ({
      error: 'invalid_request',
      error_description: 'The request is invalid; see info.fields.',
      info: { fields: [{ field, message: 'must not contain the character U+0000' }] },
    });

    it('in a path parameter: GET /www/kunden/%00', async () => {
      const res = await get('/www/kunden/%00');
      expect(res.status).toBe(400);
      expect(res.body).toEqual(nul('DebiNr'));
    });

    it('in a query parameter: GET /www/artikel?waehrabk=CH%00F', async () => {
      const res = await get('/www/artikel?waehrabk=CH%00F');
      expect(res.status).toBe(400);
      expect(res.body).toEqual(nul('waehrabk'));
    });

    it('in a body string: POST /www/kunden writes nothing', async () => {
      const before = await t.dataSource.query('SELECT COUNT(*) AS n FROM "Debitor"');
      const res = await send(
        'post',
        '/www/kunden',
        JSON.stringify({
          GrundDaten: { WaehrAbk: 'EUR', FAKTZahlArt: 'R' },
          Adressen: {
            KontaktAdr: {
              AdrSprache: 'ger',
              AdrAnrede: 2,
              AdrName: 'Sch\u0000fer',
              AdrAdresse1: 'Hauptstraße 5',
              OrtLand: 'DE',
              OrtName: 'Köln',
              OrtPLZ: '50667',
            },
          },
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual(nul('Adressen.KontaktAdr.AdrName'));
      expect(await t.dataSource.query('SELECT COUNT(*) AS n FROM "Debitor"')).toEqual(before);
    });
  });

  describe('keys that name the prototype chain', () => {
    it.each([
      ['constructor', '{"constructor": 1}', 'constructor'],
      ['__proto__', '{"__proto__": {"AdrFax": "x"}}', '__proto__'],
      ['prototype', '{"AdrFax": "0441", "prototype": {}}', 'prototype'],
    ])('PATCH /www/adressen/{AdrNr} with %s: 400 naming it, the address unchanged', async (_k, body, key) => {
      const before = await addressRow(1);
      const res = await send('patch', '/www/adressen/1', body).expect(400);
      expect(res.body).toEqual({
        error: 'invalid_request',
        error_description: 'The request is invalid; see info.fields.',
        info: { fields: [{ field: key, message: `property ${key} should not exist` }] },
      });
      expect(await addressRow(1)).toEqual(before);
    });

    it('names the path of a nested one: POST /www/auftrag GrundDaten.constructor.prototype', async () => {
      const body =
        '{"GrundDaten": {"KundNr": "10001", "constructor": {"prototype": {"x": 1}}}, "Positionen": []}';
      const res = await send('post', '/www/auftrag', body).expect(400);
      expect(res.body.info).toEqual({
        fields: [{ field: 'GrundDaten.constructor', message: 'property constructor should not exist' }],
      });
    });
  });

  describe('names that must not pass an allow-list by being Object properties', () => {
    it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
      'GET /www/artikel?sorts=%s and ?fields=%s answer 400',
      async (name) => {
        const sorts = await get(`/www/artikel?limit=1&sorts=${encodeURIComponent('+' + name)}`).expect(400);
        expect(sorts.body.error).toBe('invalid_request');
        expect(sorts.body.info.fields[0].field).toBe('sorts');
        const fields = await get(`/www/artikel?limit=1&fields=${name}`).expect(400);
        expect(fields.body.info.fields[0].field).toBe('fields');
      },
    );

    it('GET /www/artikelmediadaten/{IDKey}?type=constructor answers 400', async () => {
      const res = await get('/www/artikelmediadaten/1?type=constructor').expect(400);
      expect(res.body.error).toBe('invalid_request');
    });

    it('a body in charset "constructor" is a 415', async () => {
      const res = await send(
        'patch',
        '/www/adressen/1',
        '{"AdrFax": "x"}',
        'application/json; charset=constructor',
      );
      expect(res.status).toBe(415);
      expect(res.body).toEqual({
        error: 'unsupported_media_type',
        error_description: 'Unsupported charset; use UTF-8, ISO-8859-1 or windows-1252.',
      });
    });
  });

  describe('security headers', () => {
    it('a data route: nosniff, no framing, no referrer, no-store, no X-Powered-By, no HSTS over HTTP', async () => {
      const res = await get('/www/artikel?limit=1').expect(200);
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
      });
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('an encoded path reaches the same route and carries no-store too', async () => {
      const res = await get('/%77ww/kunden/10001').expect(200);
      expect(res.body.data.WaehrAbk).toBe('CHF');
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('errors carry them too (401 without a token)', async () => {
      const res = await request(t.server).get('/www/artikel').parse(json).expect(401);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  describe("errors raised before a route runs get the service's error body", () => {
    const d2 = (description: string) => ({ error: 'invalid_request', error_description: description });

    it('414 for a path parameter over the length limit', async () => {
      const res = await get('/www/artikel/' + 'A'.repeat(5000)).expect(414);
      expect(res.headers['content-type']).toBe('application/json; charset=iso-8859-1');
      expect(res.body).toEqual(d2('The request path is too long.'));
    });

    it('400 for a URL that does not decode', async () => {
      const res = await get('/www/%E0%A4%A').expect(400);
      expect(res.body).toEqual(d2('The request URL is malformed.'));
    });

    it('431 for headers (here a query string) over the size limit', async () => {
      const res = await get('/www/artikel?x=' + 'A'.repeat(100_000)).expect(431);
      expect(res.headers['content-type']).toBe('application/json; charset=iso-8859-1');
      expect(res.body).toEqual(d2('The request headers (or the URL) are larger than allowed.'));
    });

    it('400 for bytes that are not HTTP, then the connection closes', async () => {
      const server = t.app.getHttpServer() as Server;
      if (!server.listening) await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<string>((ok, fail) => {
        let out = '';
        const socket = connect(port, '127.0.0.1', () => socket.write('GARBAGE\r\n\r\n'));
        socket.on('data', (c: Buffer) => (out += c.toString('latin1')));
        socket.on('close', () => ok(out));
        socket.on('error', fail);
      });
      const [head, body] = answer.split('\r\n\r\n');
      expect(head.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
      expect(head).toContain('Content-Type: application/json; charset=iso-8859-1');
      expect(JSON.parse(body)).toEqual(d2('The request is not valid HTTP.'));
    });
  });
});

// Apps of their own, after the main one is done (passport's strategies are process-wide).
describe('hostile input: settings of their own', () => {
  it('HSTS when the trusted proxy says the request came over HTTPS', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'loopback' });
    try {
      const https = await request(proxied.server)
        .get('/health')
        .set('X-Forwarded-Proto', 'https')
        .expect(200);
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await request(proxied.server).get('/health').set('X-Forwarded-Proto', 'http').expect(200);
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  describe('slow clients', () => {
    it('a request whose headers do not arrive within REQUEST_TIMEOUT_MS gets 408 and is closed', async () => {
      const slow = await createTestApp({ REQUEST_TIMEOUT_MS: '1000' });
      try {
        await slow.app.listen(0, '127.0.0.1');
        const { port } = (slow.app.getHttpServer() as Server).address() as AddressInfo;
        const answer = await new Promise<string>((ok, fail) => {
          let out = '';
          // Half a request, then nothing: what a slowloris client does on every connection.
          const socket = connect(port, '127.0.0.1', () =>
            socket.write('GET /www/artikel HTTP/1.1\r\nHost: x\r\n'),
          );
          socket.on('data', (c: Buffer) => (out += c.toString('latin1')));
          socket.on('close', () => ok(out));
          socket.on('error', fail);
        });
        const [head, body] = answer.split('\r\n\r\n');
        expect(head.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
        expect(JSON.parse(body)).toEqual({
          error: 'invalid_request',
          error_description: 'The request was not received in time.',
        });
      } finally {
        await slow.close();
      }
    });
  });
});
