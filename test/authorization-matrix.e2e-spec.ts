import request from 'supertest';
import { ApiTokenEntity } from '@app/erp-db';
import { TokenService } from '../src/auth/token.service';
import { newOrderBody } from './support/fixtures';
import { rawSql } from './support/raw-sql';
import { addUserWithToken, bytes, createTestApp, TestApp } from './support/test-app';

jest.setTimeout(120_000);

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'options';
type Principal = 'none' | 'bad' | 'expired' | 'shop' | 'otherShop' | 'integration' | 'admin';

/**
 * One request per documented operation (some operations have a second row for a parameter with
 * its own rule). `auth` says how the route authenticates; `admin` marks what role shop may not do;
 * `notForWebShops` what only users without a web-shop value (integrations) and admins may do;
 * `scoped` marks a request on an object of web shop SHOP, which another web shop must not see (D12).
 */
interface Row {
  operation: string;
  url: string | (() => string);
  body?: object;
  auth: 'bearer' | 'basic' | 'public';
  admin?: true;
  notForWebShops?: true;
  scoped?: true;
}

/**
 * The authorization matrix: every route of the OpenAPI document x {no token, a token that does not
 * exist, an expired token, a web-shop user, a user of another web shop, a shop user without web
 * shop (an integration), an admin}. The table must
 * name every documented operation, so a new route cannot go without its row.
 */
describe('authorization matrix over every route', () => {
  let t: TestApp;
  const tokens = {} as Record<Principal, string | undefined>;
  const ids = { order: '', address: 0 };
  const { p, q } = rawSql(() => t);

  const rows: Row[] = [
    { operation: 'GET /www/artikel', url: '/www/artikel?limit=1', auth: 'bearer' },
    { operation: 'GET /www/artikel/{ArtNr}', url: '/www/artikel/1000', auth: 'bearer' },
    { operation: 'GET /www/artikelmedia/{ArtNr}', url: '/www/artikelmedia/1000', auth: 'bearer' },
    {
      operation: 'GET /www/artikelmediadaten/{IDKey}',
      url: '/www/artikelmediadaten/1?type=Bild',
      auth: 'bearer',
    },
    { operation: 'POST /www/kunden', url: '/www/kunden', body: {}, auth: 'bearer' },
    { operation: 'GET /www/kunden/{DebiNr}', url: '/www/kunden/10001', auth: 'bearer', scoped: true },
    {
      operation: 'PUT /www/kunden/{DebiNr}',
      url: '/www/kunden/10001',
      body: { Kommentar: 'Matrix' },
      auth: 'bearer',
      scoped: true,
    },
    { operation: 'GET /www/adressen', url: '/www/adressen?debinr=10001', auth: 'bearer', scoped: true },
    {
      operation: 'GET /www/adressen/{AdrNr}',
      url: () => `/www/adressen/${ids.address}`,
      auth: 'bearer',
      scoped: true,
    },
    {
      operation: 'PATCH /www/adressen/{AdrNr}',
      url: () => `/www/adressen/${ids.address}`,
      body: { AdrFax: '0221 12345' },
      auth: 'bearer',
      scoped: true,
    },
    { operation: 'GET /www/adressensuche', url: '/www/adressensuche?OrtPLZ=50667', auth: 'bearer' },
    { operation: 'POST /www/auftrag', url: '/www/auftrag', body: {}, auth: 'bearer' },
    {
      operation: 'POST /www/auftrag/kalkulation',
      url: '/www/auftrag/kalkulation',
      body: newOrderBody('10001'),
      auth: 'bearer',
    },
    { operation: 'PUT /www/auftrag', url: '/www/auftrag', body: {}, auth: 'bearer' },
    {
      operation: 'GET /www/auftrag/{AuftNr}',
      url: () => `/www/auftrag/${ids.order}`,
      auth: 'bearer',
      scoped: true,
    },
    { operation: 'POST /www/zugferd', url: '/www/zugferd', body: { Operation: 'Extract' }, auth: 'bearer' },
    { operation: 'OPTIONS /www/zugferd', url: '/www/zugferd', auth: 'public' },
    { operation: 'POST /www/token', url: '/www/token', auth: 'basic' },
    { operation: 'DELETE /www/log', url: '/www/log', auth: 'bearer', admin: true },
    { operation: 'GET /www/events', url: '/www/events?limit=1', auth: 'bearer', notForWebShops: true },
    { operation: 'GET /www/events', url: '/www/events?status=failed', auth: 'bearer', admin: true },
    {
      operation: 'POST /www/events/{id}/redeliver',
      url: '/www/events/1/redeliver',
      auth: 'bearer',
      admin: true,
    },
    { operation: 'POST /www/webhooks', url: '/www/webhooks', body: {}, auth: 'bearer', notForWebShops: true },
    { operation: 'GET /www/webhooks', url: '/www/webhooks', auth: 'bearer', notForWebShops: true },
    {
      operation: 'DELETE /www/webhooks/{id}',
      url: '/www/webhooks/999999',
      auth: 'bearer',
      notForWebShops: true,
    },
    { operation: 'GET /health', url: '/health', auth: 'public' },
    { operation: 'GET /ready', url: '/ready', auth: 'public' },
    { operation: 'GET /metrics', url: '/metrics', auth: 'public' },
  ];

  beforeAll(async () => {
    t = await createTestApp();
    tokens.otherShop = await addUserWithToken(
      t,
      { name: 'matrix-other', role: 'shop', webshop: 'OTHER' },
      'other-secret',
    );
    tokens.integration = await addUserWithToken(t, { name: 'matrix-sync', role: 'shop' }, 'sync-secret');
    tokens.shop = await t.token('demo');
    tokens.admin = await t.token('admin');
    tokens.bad = 'not-a-token-of-this-service';
    // A real token of demo, expired in the database before it was ever used (so no cache knows it).
    tokens.expired = (await request(t.server).post('/www/token').auth('demo', 'demo').expect(200)).body
      .access_token as string;
    await t.dataSource
      .getRepository(ApiTokenEntity)
      .update({ tokenHash: TokenService.hash(tokens.expired) }, { expiresAt: new Date(Date.now() - 60_000) });
    const order = await request(t.server)
      .post('/www/auftrag')
      .set('Authorization', `Bearer ${tokens.shop}`)
      .send(newOrderBody('10001', { AuftBestellNr: 'MATRIX-1' }))
      .expect(201);
    ids.order = order.body.data.AuftNr as string;
    const [customer] = await q<{ KundKontakt: unknown }>(
      `SELECT "KundKontakt" FROM "Debitor" WHERE "DebiNr" = ${p(1)}`,
      ['10001'],
    );
    ids.address = Number(customer.KundKontakt);
  });
  afterAll(() => t.close());

  it('names every operation of the OpenAPI document, and no other', async () => {
    const document = (await request(t.server).get('/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect([...new Set(rows.map((row) => row.operation))].sort()).toEqual(documented.sort());
  });

  const send = (row: Row, principal: Principal) => {
    const [method] = row.operation.split(' ');
    const url = typeof row.url === 'function' ? row.url() : row.url;
    const req = request(t.server)[method.toLowerCase() as Method](url);
    const token = tokens[principal];
    if (row.auth === 'basic') {
      if (principal === 'shop') req.auth('demo', 'demo');
      else if (principal === 'admin') req.auth('admin', 'admin');
      else if (principal === 'otherShop') req.auth('matrix-other', 'other-secret');
      else if (principal === 'integration') req.auth('matrix-sync', 'sync-secret');
      else if (principal === 'bad' || principal === 'expired') req.auth('demo', 'not-the-password');
    } else if (token !== undefined) req.set('Authorization', `Bearer ${token}`);
    if (row.body !== undefined) req.send(row.body);
    // Files and metrics as bytes; the JSON bodies (errors above all) parsed.
    return req.parse(bytes).then((res) => ({
      status: res.status,
      headers: res.headers,
      body: /json/.test(String(res.headers['content-type']))
        ? (JSON.parse((res.body as Buffer).toString('latin1')) as { error?: string })
        : {},
    }));
  };

  const label = (row: Row) =>
    `${row.operation}${typeof row.url === 'string' && row.url.includes('?') ? ` (${row.url.split('?')[1]})` : ''}`;

  describe.each(rows.map((row) => [label(row), row] as const))('%s', (_name, row) => {
    it('no token, a token that does not exist, an expired token', async () => {
      for (const principal of ['none', 'bad', 'expired'] as const) {
        const res = await send(row, principal);
        if (row.auth === 'public') {
          expect([principal, res.status]).not.toEqual([principal, 401]);
          continue;
        }
        expect([principal, res.status]).toEqual([principal, 401]);
        expect(res.body.error).toBe('unauthorized');
        const challenge =
          row.auth === 'basic'
            ? 'Basic realm="erp"'
            : principal === 'none'
              ? 'Bearer realm="erp"'
              : 'Bearer error="invalid_token"';
        expect([principal, res.headers['www-authenticate']]).toEqual([principal, challenge]);
      }
    });

    it('a web-shop user, a user of another web shop, an integration user, an admin', async () => {
      const allowed = (status: number) => status !== 401 && status !== 403;
      const forWebShop = (status: number, own: boolean) =>
        row.admin || row.notForWebShops
          ? status === 403
          : row.scoped && !own
            ? status === 404
            : allowed(status);
      const expected: Record<'shop' | 'otherShop' | 'integration' | 'admin', (status: number) => boolean> = {
        shop: (status) => forWebShop(status, true),
        otherShop: (status) => forWebShop(status, false),
        integration: (status) => (row.admin ? status === 403 : allowed(status)),
        admin: allowed,
      };
      for (const principal of ['shop', 'otherShop', 'integration', 'admin'] as const) {
        const res = await send(row, principal);
        expect([principal, res.status, expected[principal](res.status)]).toEqual([
          principal,
          res.status,
          true,
        ]);
        expect([principal, res.status < 500]).toEqual([principal, true]);
        if (res.status === 403) expect(res.body.error).toBe('forbidden');
        if (res.status === 404 && row.scoped) expect(res.body.error).toBe('not_found');
      }
    });
  });
});
