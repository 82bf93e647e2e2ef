import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import type { FastifyInstance } from 'fastify';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { ApiTokensRepository } from '../../src/auth/ports/api-tokens.repository';
import { ApiUsersRepository } from '../../src/auth/ports/api-users.repository';
import { NewUserRequest, UserAdminService } from '../../src/auth/user-admin.service';
import { AppConfig, loadAppConfig } from '../../src/common/config/app-config';
import { configureApp, fastifyOptions } from '../../src/http-setup';
import { watchContract } from './openapi-contract';
import { cloneTemplate, testDbType } from './test-databases';

export type DemoUser = 'demo' | 'admin';

export interface TestApp {
  app: INestApplication;
  /** What supertest's request() takes. */
  server: ReturnType<INestApplication['getHttpServer']>;
  dataSource: DataSource;
  config: AppConfig;
  /** A bearer token of a demo user (cached per user). */
  token(user?: DemoUser): Promise<string>;
  close(): Promise<void>;
}

const PASSWORDS: Record<DemoUser, string> = { demo: 'demo', admin: 'admin' };

/**
 * Boots the real AppModule on a fresh copy of the demo database. `settings` are environment
 * variable names and values, applied on top of the test defaults (e.g. { TOKEN_TTL_SECONDS: '2' }).
 */
export async function createTestApp(settings: Record<string, string> = {}): Promise<TestApp> {
  // A second instance on the database of a first (sameDatabase) needs no copy of its own.
  const shared = testDbType() === 'sqlite' ? settings.DB_PATH : settings.DATABASE_URL;
  const db = shared
    ? { path: settings.DB_PATH ?? '', url: settings.DATABASE_URL, dispose: () => Promise.resolve() }
    : await cloneTemplate();
  const logDir = mkdtempSync(join(tmpdir(), 'erp-test-logs-'));
  const config = loadAppConfig({
    ...process.env,
    DB_TYPE: testDbType(),
    DB_PATH: db.path,
    DATABASE_URL: db.url,
    SEED_DEMO: 'false',
    LOG_DIR: logDir,
    LOG_LEVEL: 'info',
    LOG_STDOUT: 'false',
    ZUGFERD_WORK_DIR: join(logDir, 'zugferd'),
    WEBHOOK_ALLOW_PRIVATE: 'true',
    ...settings,
  });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
    .overrideProvider(AppConfig)
    .useValue(config)
    .compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(
    new FastifyAdapter(fastifyOptions(config)),
    {
      bodyParser: false,
      logger: ['error', 'warn'],
    },
  );
  configureApp(app, config);
  // Every exchange of every e2e file is checked against the OpenAPI document; close() fails on drift.
  const drift: string[] = [];
  const checked: string[] = [];
  watchContract(app.getHttpAdapter().getInstance() as FastifyInstance, drift, checked);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const server = app.getHttpServer();
  const tokens = new Map<DemoUser, string>();
  return {
    app,
    server,
    dataSource: app.get(DataSource),
    config,
    async token(user: DemoUser = 'demo') {
      const cached = tokens.get(user);
      if (cached) return cached;
      const res = await request(server).post('/www/token').auth(user, PASSWORDS[user]);
      if (res.status !== 200) throw new Error(`token for ${user}: ${res.status} ${res.text}`);
      tokens.set(user, res.body.access_token);
      return res.body.access_token as string;
    },
    async close() {
      await app.close();
      await db.dispose();
      rmSync(logDir, { recursive: true, force: true });
      // What was checked, for the counts of a whole run (tmp/contract-<db>.log; see the README).
      mkdirSync(join(__dirname, '..', '..', 'tmp'), { recursive: true });
      appendFileSync(
        join(__dirname, '..', '..', 'tmp', `contract-${config.dbType}.log`),
        checked.map((c) => `${c}\n`).join(''),
      );
      if (drift.length > 0)
        throw new Error(`Traffic the OpenAPI document does not describe:\n${[...new Set(drift)].join('\n')}`);
    },
  };
}

/** What `npm run users` does, on the database of `t`. */
export function userAdmin(t: TestApp): UserAdminService {
  return new UserAdminService(t.app.get(ApiUsersRepository), t.app.get(ApiTokensRepository));
}

/** Adds an API user (as `npm run users` does) and returns a bearer token it got from POST /www/token. */
export async function addUserWithToken(t: TestApp, user: NewUserRequest, password: string): Promise<string> {
  await userAdmin(t).add(user, password);
  const res = await request(t.server).post('/www/token').auth(user.name, password);
  if (res.status !== 200) throw new Error(`token for ${user.name}: ${res.status} ${res.text}`);
  return res.body.access_token as string;
}

/**
 * Authorization headers of the scope tests' users: demo (web shop SHOP), admin, "other" (web shop
 * OTHER) and "erp-sync" (no web shop, an integration).
 */
export async function scopeUsers(t: TestApp): Promise<Record<'demo' | 'other' | 'sync' | 'admin', string>> {
  return {
    demo: `Bearer ${await t.token('demo')}`,
    admin: `Bearer ${await t.token('admin')}`,
    other: `Bearer ${await addUserWithToken(t, { name: 'other', role: 'shop', webshop: 'OTHER' }, 'other-secret')}`,
    sync: `Bearer ${await addUserWithToken(t, { name: 'erp-sync', role: 'shop' }, 'sync-secret')}`,
  };
}

/** Settings that put another test app on the database of `first` (two instances behind a balancer). */
export function sameDatabase(first: TestApp): Record<string, string> {
  return {
    DB_PATH: first.config.dbPath,
    ...(first.config.databaseUrl ? { DATABASE_URL: first.config.databaseUrl } : {}),
  };
}

function collect(res: request.Response, cb: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

/**
 * supertest parser for the service's JSON: decodes the bytes by the charset the response
 * declares (ISO-8859-1 by default; supertest alone would assume UTF-8 and garble umlauts).
 * Usage: request(server).get(url).parse(json).
 */
export function json(res: request.Response, cb: (err: Error | null, body: unknown) => void): void {
  collect(res, (_e, bytes) => {
    const charset = /charset=([^;]+)/i.exec(String(res.headers['content-type'] ?? ''))?.[1]?.toLowerCase();
    const text = bytes.toString(charset === 'iso-8859-1' ? 'latin1' : 'utf8');
    try {
      cb(null, text.length > 0 ? JSON.parse(text) : undefined);
    } catch (e) {
      cb(e as Error, undefined);
    }
  });
}

/** supertest parser that keeps the raw bytes (files, PDFs, charset checks). */
export function bytes(res: request.Response, cb: (err: Error | null, body: Buffer) => void): void {
  collect(res, cb);
}
