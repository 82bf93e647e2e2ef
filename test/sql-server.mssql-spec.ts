import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KOELN_ADDRESS, newCustomerBody, newOrderBody } from './support/fixtures';
import { entryPoint, runToEnd, Service, startService, stopService, ROOT } from './support/child-processes';
import {
  createEmptyMssqlDatabase,
  dropMssqlDatabase,
  uniqueName,
  urlForDatabase,
} from './support/test-databases';

/**
 * The service as a customer runs it on SQL Server (npm run test:mssql, DB_TYPE=mssql): an empty
 * database, `npm run migration:run` and `npm run seed` as processes, then `src/main.ts`, and one
 * request to every endpoint that reads or writes the database, with the demo data.
 */
jest.setTimeout(300_000);

/** A decoded answer, as supertest gives it. */
type Json = ReturnType<typeof JSON.parse>;

describe('the service on SQL Server: migrate, seed, start, every endpoint', () => {
  const database = uniqueName('service');
  let dir = '';
  let service: Service | undefined;
  const env = (): NodeJS.ProcessEnv => ({
    ...process.env,
    DB_TYPE: 'mssql',
    DATABASE_URL: urlForDatabase(database),
    LOG_DIR: join(dir, 'logs'),
    LOG_STDOUT: 'false',
  });
  const base = (): string => service!.base;
  const tokens = new Map<string, string>();
  const auth = async (user: 'demo' | 'admin'): Promise<Record<string, string>> => {
    if (!tokens.has(user)) {
      const res = await fetch(`${base()}/www/token`, {
        method: 'POST',
        headers: { Authorization: `Basic ${Buffer.from(`${user}:${user}`).toString('base64')}` },
      });
      expect(res.status).toBe(200);
      tokens.set(user, ((await res.json()) as { access_token: string }).access_token);
    }
    return { Authorization: `Bearer ${tokens.get(user)}` };
  };
  /** The request's status and body (JSON decoded by the charset it declares). */
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    user: 'demo' | 'admin' = 'demo',
  ): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${base()}${path}`, {
      method,
      headers: { ...(await auth(user)), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const latin1 = /charset=iso-8859-1/i.test(res.headers.get('content-type') ?? '');
    const text = bytes.toString(latin1 ? 'latin1' : 'utf8');
    return {
      status: res.status,
      body: text && /json/.test(res.headers.get('content-type') ?? '') ? JSON.parse(text) : text,
    };
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'erp-mssql-'));
    // Retried as every test database is: the engine can fail a CREATE DATABASE beside another
    // file's ("tuple concurrently updated").
    await createEmptyMssqlDatabase(database);
    const migrate = await runToEnd(entryPoint('src/cli/migrate.ts'), { cwd: ROOT, env: env() });
    expect(migrate).toMatchObject({ code: 0 });
    const seed = await runToEnd(entryPoint('src/cli/seed.ts'), { cwd: ROOT, env: env() });
    expect(seed).toMatchObject({ code: 0 });
    service = await startService({ cwd: dir, env: { ...env(), SEED_DEMO: 'false' } });
  });
  afterAll(async () => {
    if (service) await stopService(service.child);
    await dropMssqlDatabase(database);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers health and readiness with the database up', async () => {
    expect((await fetch(`${base()}/health`)).status).toBe(200);
    expect((await fetch(`${base()}/ready`)).status).toBe(200);
    expect((await call('GET', '/metrics', undefined, 'admin')).status).toBe(200);
  });

  it('serves the article list, pages of it, an article, its media and a media file', async () => {
    const all = await call('GET', '/www/artikel?limit=1000');
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeGreaterThan(10);
    const page = await call('GET', '/www/artikel?limit=2&offset=1');
    expect(page.body.data.map((a: { ArtNr: string }) => a.ArtNr)).toEqual(
      all.body.data.slice(1, 3).map((a: { ArtNr: string }) => a.ArtNr),
    );
    const one = await call('GET', `/www/artikel/${all.body.data[0].ArtNr}`);
    expect(one.status).toBe(200);
    expect(one.body.data.ArtNr).toBe(all.body.data[0].ArtNr);
    const media = await call('GET', '/www/artikelmedia/1001');
    expect(media.status).toBe(200);
    const href = JSON.stringify(media.body).match(/\/www\/artikelmediadaten\/[^"?]+/)?.[0];
    expect(href).toBeDefined();
    const file = await fetch(`${base()}${href}?type=Bild`, { headers: await auth('demo') });
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('creates a customer with Latin-1 and other text in nvarchar, reads, updates it', async () => {
    const created = await call('POST', '/www/kunden', {
      ...newCustomerBody(),
      Adressen: { KontaktAdr: { ...KOELN_ADDRESS, AdrVorname: 'Łukasz Ωmega' } },
    });
    expect(created.status).toBe(201);
    const debiNr = created.body.data.DebiNr as string;
    const read = await call('GET', `/www/kunden/${debiNr}`);
    expect(read.status).toBe(200);
    const contact = await call('GET', `/www/adressen/${read.body.data.KundKontakt}`);
    expect(contact.body.data).toMatchObject({
      AdrName: 'Schäfer',
      AdrVorname: 'Łukasz Ωmega',
      AdrAdresse1: 'Hauptstraße 5',
      OrtName: 'Köln',
    });
    const updated = await call('PUT', `/www/kunden/${debiNr}`, { Kommentar: 'Grüße, Ωmega' });
    expect(updated.status).toBe(204);
    expect((await call('GET', `/www/kunden/${debiNr}`)).body.data.Kommentar).toBe('Grüße, Ωmega');
  });

  it('lists, reads, patches and searches addresses (case-insensitive)', async () => {
    const list = await call('GET', '/www/adressen?debinr=10001');
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(3);
    const adrNr = list.body.data.KundLief[0].AdrNr as number;
    expect((await call('GET', `/www/adressen/${adrNr}`)).body.data.OrtName).toBe('Winterthur');
    expect((await call('PATCH', `/www/adressen/${adrNr}`, { AdrAdresse2: 'Hinterhaus' })).status).toBe(204);
    expect((await call('GET', `/www/adressen/${adrNr}`)).body.data.AdrAdresse2).toBe('Hinterhaus');
    const found = await call('GET', '/www/adressensuche?AdrAdresse2=HINTERHAUS&OrtName=winterthur');
    expect(found.status).toBe(200);
    expect(found.body.data.DebiNr).toBe('10001');
  });

  it('takes orders with gapless numbers and money to the cent, from an offer too, and reads them back', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 2; i++) {
      const created = await call(
        'POST',
        '/www/auftrag',
        newOrderBody('10001', { AuftBestellNr: `MSSQL-${i}` }, 3),
      );
      expect(created.status).toBe(201);
      numbers.push(Number(created.body.data.AuftNr));
    }
    expect(numbers[1] - numbers[0]).toBe(1);
    const read = await call('GET', `/www/auftrag/${numbers[0]}`);
    expect(read.status).toBe(200);
    expect(read.body.data.GrundDaten.AuftBestellNr).toBe('MSSQL-0');
    const fromOffer = await call('PUT', '/www/auftrag', {
      GrundDaten: { KundNr: '10001', OffertNr: '500001' },
    });
    expect(fromOffer.status).toBe(201);
    expect(Number(fromOffer.body.data.AuftNr)).toBe(numbers[1] + 1);
  });

  it('lists events and webhooks, and clears the log, as admin', async () => {
    const events = await call('GET', '/www/events?limit=1000', undefined, 'admin');
    expect(events.status).toBe(200);
    expect((await call('GET', '/www/webhooks', undefined, 'admin')).status).toBe(200);
    expect((await call('DELETE', '/www/log', undefined, 'admin')).status).toBeLessThan(300);
  });
});
