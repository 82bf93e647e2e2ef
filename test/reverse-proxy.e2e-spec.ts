import { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { Service, startService, stopService } from './support/child-processes';
import { startNginx } from './support/nginx';
import { cloneTemplate, testDbType } from './support/test-databases';

jest.setTimeout(180_000);

/** A Redis database of its own, so that no other test shares its counters. */
const REDIS_URL = 'redis://127.0.0.1:6379/5';
const RATE_LIMIT = 6;

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('behind nginx (docker/nginx.conf): two instances under /erp/ on a non-default port', () => {
  let db: Awaited<ReturnType<typeof cloneTemplate>>;
  let dir: string;
  let instances: Service[] = [];
  let nginx: ChildProcess | null = null;
  let proxy = '';

  beforeAll(async () => {
    const redis = new Redis(REDIS_URL);
    await redis.flushdb();
    redis.disconnect();

    db = await cloneTemplate();
    dir = mkdtempSync(join(tmpdir(), 'erp-proxy-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DB_TYPE: testDbType(),
      DB_PATH: db.path,
      SEED_DEMO: 'false',
      LOG_STDOUT: 'false',
      TRUST_PROXY: '1',
      REDIS_URL,
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      LOGIN_MAX_FAILURES_PER_IP: '2',
      LOGIN_MAX_FAILURES_PER_USER: '100',
    };
    if (db.url) env.DATABASE_URL = db.url;
    else delete env.DATABASE_URL;
    for (const name of ['PUBLIC_BASE_URL']) delete env[name];
    instances = await Promise.all(
      ['a', 'b'].map((n) => startService({ cwd: dir, env: { ...env, LOG_DIR: join(dir, `logs-${n}`) } })),
    );

    const started = await startNginx(
      dir,
      instances.map((i) => new URL(i.base).host),
    );
    nginx = started.child;
    proxy = started.base;
  });
  afterAll(async () => {
    if (nginx) await stopService(nginx, 'SIGQUIT');
    await Promise.all(instances.map((s) => stopService(s.child)));
    await db?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function token(base: string, user = 'demo', password = user): Promise<string> {
    const res = await fetch(`${base}/www/token`, {
      method: 'POST',
      headers: { Authorization: basic(user, password) },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  it('article links, Location and the OpenAPI server point through the proxy: prefix and port', async () => {
    const bearer = { Authorization: `Bearer ${await token(`${proxy}/erp`)}` };
    const list = await fetch(`${proxy}/erp/www/artikel?limit=2&fields=ArtNr`, { headers: bearer });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { links: Array<{ href: string; rel: string }> };
    expect(body.links).toContainEqual({
      href: `${proxy}/erp/www/artikel?limit=2&fields=ArtNr&offset=2`,
      type: 'GET',
      rel: 'next',
    });
    for (const l of body.links) expect(l.href.startsWith(`${proxy}/erp/www/artikel?`)).toBe(true);

    const created = await fetch(`${proxy}/erp/www/auftrag`, {
      method: 'POST',
      headers: { ...bearer, 'Content-Type': 'application/json' },
      body: JSON.stringify({ GrundDaten: { KundNr: '10001' }, Positionen: [{ ArtNr: '1000', Menge: 1 }] }),
    });
    expect(created.status).toBe(201);
    const auftNr = ((await created.json()) as { data: { AuftNr: string } }).data.AuftNr;
    expect(created.headers.get('location')).toBe(`${proxy}/erp/www/auftrag/${auftNr}`);
    expect((await fetch(created.headers.get('location')!, { headers: bearer })).status).toBe(200);

    const doc = (await (await fetch(`${proxy}/erp/docs-json`)).json()) as { servers: unknown };
    expect(doc.servers).toEqual([{ url: `${proxy}/erp` }]);
    // Swagger UI's page refers to its files relatively: they load under the prefix too.
    const page = await fetch(`${proxy}/erp/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`src="./docs/swagger-ui-bundle.js"`);
    expect((await fetch(`${proxy}/erp/docs/swagger-ui-bundle.js`)).status).toBe(200);
    const ui = await fetch(`${proxy}/erp/docs/swagger-ui-init.js`);
    expect(await ui.text()).toContain(`"url": "${proxy}/erp"`);
  });

  it('a token from instance A works on instance B', async () => {
    const [a, b] = instances;
    const fromA = await token(a.base);
    const onB = await fetch(`${b.base}/www/artikel/1000`, { headers: { Authorization: `Bearer ${fromA}` } });
    expect(onB.status).toBe(200);
  });

  it('the rate limit is shared by both instances through Redis', async () => {
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 15_000) await new Promise((r) => setTimeout(r, left + 200)); // one fixed window
    const bearer = { Authorization: `Bearer ${await token(`${proxy}/erp`, 'admin')}` };
    let ok = 0;
    let limited = 0;
    for (let i = 0; i < 4 * RATE_LIMIT; i++) {
      const res = await fetch(`${proxy}/erp/www/artikel/1000`, { headers: bearer });
      if (res.status === 200) ok++;
      else if (res.status === 429) limited++;
      await new Promise((r) => setTimeout(r, 150));
    }
    // Two counters of their own would allow 2 x RATE_LIMIT; shared, about RATE_LIMIT (the instances
    // exchange counts every few hundred ms, so one or two more may pass).
    expect(ok).toBeGreaterThanOrEqual(RATE_LIMIT);
    expect(ok).toBeLessThanOrEqual(RATE_LIMIT + 2);
    expect(ok + limited).toBe(4 * RATE_LIMIT);
  });

  it('login throttling counts the real client address, not a forged X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${proxy}/erp/www/token`, {
        method: 'POST',
        headers: { Authorization: basic(`nobody-${i}`, 'wrong'), 'X-Forwarded-For': `203.0.113.${i + 1}` },
      });
      statuses.push(res.status);
    }
    // Last: this locks 127.0.0.1 out of logins for a while. The failures are counted in Redis by
    // both instances together: the third attempt from 127.0.0.1 is over the limit of 2, whichever
    // instance it reaches (counted per instance, round robin would allow four).
    expect(statuses).toEqual([401, 401, 429, 429, 429, 429]);
  });
});
