import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { ApiTokenEntity, ApiUserEntity } from '@app/erp-db';
import { UserAdminService } from '../src/auth/user-admin.service';
import { createTestApp, json, TestApp, userAdmin } from './support/test-app';

interface Route {
  method: string;
  path: string;
}

/** Every route Nest mapped: controllers' path and method metadata, inherited handlers included. */
function nestRoutes(t: TestApp): Route[] {
  const scanner = new MetadataScanner();
  const routes: Route[] = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: unknown[]) => object) | null;
      if (!type) continue;
      const bases = [Reflect.getMetadata(PATH_METADATA, type) ?? ''].flat() as string[];
      for (const name of scanner.getAllMethodNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name] as object;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (paths === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        for (const base of bases)
          for (const path of [paths].flat())
            routes.push({
              method: method === 'ALL' ? 'GET' : method,
              path: ('/' + [base, path].filter((p) => p && p !== '/').join('/')).replace(/\/+/g, '/'),
            });
      }
    }
  }
  return routes;
}

/**
 * Every route of Fastify's own table (also routes registered without Nest), parsed from
 * printRoutes; each parsed route is checked with hasRoute, so a parsing slip fails loudly.
 */
function fastifyRoutes(t: TestApp): Route[] {
  const fastify = t.app.getHttpAdapter().getInstance() as FastifyInstance;
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of fastify.printRoutes({ commonPrefix: false }).split('\n')) {
    const start = line.search(/[^│├└─ ]/);
    if (start < 0) continue;
    const depth = Math.floor(start / 4);
    const text = line.slice(start);
    const open = text.lastIndexOf(' (');
    const segment = open < 0 ? text : text.slice(0, open);
    stack[depth] = (depth > 0 ? stack[depth - 1] : '') + segment;
    stack.length = depth + 1;
    if (open < 0) continue;
    if (!stack[depth].startsWith('/www')) continue;
    for (const method of text.slice(open + 2, -1).split(', ')) {
      if (!fastify.hasRoute({ method: method as HTTPMethods, url: stack[depth] }))
        throw new Error(`printRoutes parsed into an unknown route: ${method} ${stack[depth]}`);
      routes.push({ method, path: stack[depth] });
    }
  }
  return routes;
}

function samplePath(path: string): string {
  return path.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, '1').replace(/\*/g, 'x');
}

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('auth: tokens, bearer guard, roles, revocation', () => {
  let t: TestApp;
  let admin: UserAdminService;
  const issue = async (user: string, password: string) => {
    return request(t.server).post('/www/token').auth(user, password).parse(json);
  };
  const deleteLog = (token: string) =>
    request(t.server).delete('/www/log').set('Authorization', `Bearer ${token}`).parse(json);

  /** Polls until the token is refused; returns how long that took. */
  const msUntilRefused = async (token: string): Promise<number> => {
    const started = Date.now();
    while (Date.now() - started < 8000) {
      if ((await deleteLog(token)).status === 401) return Date.now() - started;
      await new Promise((r) => setTimeout(r, 200));
    }
    return Infinity;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = userAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /www/token', () => {
    it('issues an opaque token for Basic credentials: 200, no-store, only its SHA-256 stored', async () => {
      const before = Date.now();
      const res = await issue('demo', 'demo');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        expires_in: 3600,
        token_type: 'Bearer',
      });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toBe('application/json; charset=iso-8859-1');
      const rows = await t.dataSource.getRepository(ApiTokenEntity).find();
      const matching = rows.filter((r) => r.tokenHash === sha256(res.body.access_token));
      expect(matching).toHaveLength(1);
      const [row] = matching;
      expect(rows.some((r) => r.tokenHash.includes(res.body.access_token))).toBe(false);
      const demo = await t.dataSource.getRepository(ApiUserEntity).findOneByOrFail({ name: 'demo' });
      expect(row.userId).toBe(demo.id);
      expect(row.revokedAt).toBeNull();
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(3600 * 1000);
    });

    it('gives a new token on every call', async () => {
      const a = await issue('demo', 'demo');
      const b = await issue('demo', 'demo');
      expect(a.body.access_token).not.toBe(b.body.access_token);
    });

    it.each([
      ['a wrong password', 'demo', 'wrong-password'],
      ['an unknown user', 'nobody', 'wrong-password'],
    ])('refuses %s: 401 with WWW-Authenticate Basic', async (_case, user, password) => {
      const res = await issue(user, password);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: 'unauthorized',
        error_description: 'Invalid user name or password.',
      });
      expect(res.headers['www-authenticate']).toBe('Basic realm="erp"');
    });

    it('refuses a request without credentials or with a bearer token', async () => {
      const none = await request(t.server).post('/www/token').parse(json).expect(401);
      expect(none.headers['www-authenticate']).toBe('Basic realm="erp"');
      expect(none.body.error).toBe('unauthorized');
      const bearer = await request(t.server)
        .post('/www/token')
        .set('Authorization', `Bearer ${await t.token('admin')}`)
        .parse(json)
        .expect(401);
      expect(bearer.headers['www-authenticate']).toBe('Basic realm="erp"');
    });

    it('ignores any JSON body, as documented (none of it is read), and still refuses one that is not JSON', async () => {
      for (const body of [
        '[]',
        '"x"',
        '{"a":"\\u0000"}',
        '{"__proto__":{"role":"admin"}}',
        '{"\\u0000":1}',
      ]) {
        const res = await request(t.server)
          .post('/www/token')
          .auth('demo', 'demo')
          .set('Content-Type', 'application/json')
          .send(body)
          .parse(json);
        expect([body, res.status]).toEqual([body, 200]);
        expect(res.body).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
      }
      await request(t.server)
        .post('/www/token')
        .auth('demo', 'demo')
        .set('Content-Type', 'application/json')
        .send('nope')
        .expect(400);
    });

    it('accepts a password that contains colons', async () => {
      const password = 'with:colons:inside-1';
      await admin.add({ name: 'colon-user', role: 'shop' }, password);
      expect((await issue('colon-user', password)).status).toBe(200);
      expect((await issue('colon-user', 'with')).status).toBe(401);
    });
  });

  describe('every /www route but POST /www/token requires a bearer token', () => {
    let routes: Route[];

    beforeAll(() => {
      const all = [...nestRoutes(t), ...fastifyRoutes(t)];
      const unique = new Map(all.map((r) => [`${r.method} ${r.path}`, r]));
      // OPTIONS only states the allowed methods (and answers CORS preflights, which never carry
      // credentials), so it is the one method served without a token; POST /www/token takes Basic.
      routes = [...unique.values()].filter(
        (r) =>
          r.path.startsWith('/www/') &&
          r.method !== 'OPTIONS' &&
          !(r.method === 'POST' && r.path === '/www/token'),
      );
    });

    it('serves OPTIONS without a token but reveals nothing beyond the allowed methods', async () => {
      const res = await request(t.server).options('/www/zugferd').expect(204);
      expect(res.headers.allow).toBe('POST, OPTIONS');
      expect(res.text).toBe('');
    });

    it('finds the routes at run time (DELETE /www/log among them)', () => {
      expect(routes).toContainEqual({ method: 'DELETE', path: '/www/log' });
      expect(nestRoutes(t)).toContainEqual({ method: 'POST', path: '/www/token' });
    });

    it('answers 401 with WWW-Authenticate: Bearer without a token, with a garbage token and with Basic', async () => {
      const failures: string[] = [];
      for (const route of routes) {
        const url = samplePath(route.path);
        const call = () => request(t.server)[route.method.toLowerCase() as 'get'](url).parse(json);
        const variants: [string, request.Test, string][] = [
          ['no token', call(), 'Bearer realm="erp"'],
          ['garbage', call().set('Authorization', 'Bearer garbage-token'), 'Bearer error="invalid_token"'],
          [
            'well-formed unknown',
            call().set('Authorization', `Bearer ${'A'.repeat(43)}`),
            'Bearer error="invalid_token"',
          ],
          ['basic', call().auth('admin', 'admin'), 'Bearer realm="erp"'],
        ];
        for (const [variant, req, challenge] of variants) {
          const res = await req;
          const ok =
            res.status === 401 &&
            res.headers['www-authenticate'] === challenge &&
            (route.method === 'HEAD' || res.body?.error === 'unauthorized');
          if (!ok) failures.push(`${route.method} ${url} (${variant}): ${res.status}`);
        }
      }
      expect(failures).toEqual([]);
    });
  });

  describe('bearer tokens', () => {
    it('are accepted in the Authorization header only, not as ?access_token=', async () => {
      const token = await t.token('admin');
      const res = await request(t.server).delete(`/www/log?access_token=${token}`).parse(json).expect(401);
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      await deleteLog(token).expect(204);
    });

    it('enforce the role: a shop user gets 403 on DELETE /www/log, an admin 204', async () => {
      const res = await deleteLog(await t.token('demo')).expect(403);
      expect(res.body).toEqual({ error: 'forbidden', error_description: expect.any(String) });
      await deleteLog(await t.token('admin')).expect(204);
    });

    it('stop working within 5 s of revoke-tokens, on an instance that had them cached', async () => {
      const password = 'revoke-me-please-1';
      await admin.add({ name: 'rev-admin', role: 'admin' }, password);
      const token = (await issue('rev-admin', password)).body.access_token as string;
      await deleteLog(token).expect(204);
      expect(await admin.revokeTokens('rev-admin')).toBe(1);
      const waited = await msUntilRefused(token);
      expect(waited).toBeLessThanOrEqual(5500);
      const res = await deleteLog(token).expect(401);
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      const fresh = (await issue('rev-admin', password)).body.access_token as string;
      await deleteLog(fresh).expect(204);
    });

    it('of a disabled user stop working within 5 s, Basic fails with 401, and enabling brings none back', async () => {
      const password = 'disable-me-please-1';
      await admin.add({ name: 'dis-admin', role: 'admin' }, password);
      const token = (await issue('dis-admin', password)).body.access_token as string;
      await deleteLog(token).expect(204);
      await admin.setDisabled('dis-admin', true);
      expect((await issue('dis-admin', password)).status).toBe(401);
      expect(await msUntilRefused(token)).toBeLessThanOrEqual(5500);
      await admin.setDisabled('dis-admin', false);
      await deleteLog(token).expect(401);
    });
  });

  describe('expiry', () => {
    let short: TestApp;

    beforeAll(async () => {
      short = await createTestApp({ TOKEN_TTL_SECONDS: '1' });
    });
    afterAll(async () => {
      await short.close();
    });

    it('a token lives expires_in seconds, then answers 401 invalid_token', async () => {
      const res = await request(short.server)
        .post('/www/token')
        .auth('admin', 'admin')
        .parse(json)
        .expect(200);
      expect(res.body.expires_in).toBe(1);
      const token = res.body.access_token as string;
      await request(short.server).delete('/www/log').set('Authorization', `Bearer ${token}`).expect(204);
      await new Promise((r) => setTimeout(r, 1100));
      const late = await request(short.server)
        .delete('/www/log')
        .set('Authorization', `Bearer ${token}`)
        .parse(json)
        .expect(401);
      expect(late.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    });
  });

  describe('instances sharing one database', () => {
    it('a token works on every instance and after a restart; revocation reaches all within 5 s', async () => {
      const sameDatabase = {
        DB_PATH: t.config.dbPath,
        ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
      };
      const second = await createTestApp(sameDatabase);
      const password = 'many-instances-secret';
      await admin.add({ name: 'multi-admin', role: 'admin' }, password);
      const token = (await issue('multi-admin', password)).body.access_token as string;
      await request(second.server).delete('/www/log').set('Authorization', `Bearer ${token}`).expect(204);
      await second.close();
      const restarted = await createTestApp(sameDatabase);
      try {
        const onRestarted = () =>
          request(restarted.server).delete('/www/log').set('Authorization', `Bearer ${token}`);
        await onRestarted().expect(204);
        await deleteLog(token).expect(204);
        await admin.revokeTokens('multi-admin');
        const started = Date.now();
        while ((await onRestarted()).status !== 401 && Date.now() - started < 8000) await sleep(200);
        expect(Date.now() - started).toBeLessThanOrEqual(5500);
        expect(await msUntilRefused(token)).toBeLessThanOrEqual(5500);
      } finally {
        await restarted.close();
      }
    });
  });
});
