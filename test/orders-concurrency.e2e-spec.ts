import request from 'supertest';
import { createTestApp, json, TestApp } from './support/test-app';

/**
 * Number ranges and duplicate protection under parallel requests, also with two service
 * instances on one database (SQLite file or PostgreSQL database).
 */
describe('orders under concurrency', () => {
  let t: TestApp;
  let second: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    second = await createTestApp({ DB_PATH: t.config.dbPath, DATABASE_URL: t.config.databaseUrl ?? '' });
    token = await t.token();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const q = <T = Record<string, unknown>>(sql: string): Promise<T[]> => t.dataSource.query(sql);
  const lastNumber = async (): Promise<number> =>
    Number(
      (await q<{ n: number }>(`SELECT "LetzteNr" AS n FROM "Nummernkreis" WHERE "Name" = 'AUFTRAG'`))[0].n,
    );
  const orderCount = async (): Promise<number> =>
    Number((await q<{ n: number | string }>(`SELECT COUNT(*) AS n FROM "Auftrag"`))[0].n);
  const post = (app: TestApp, body: unknown) =>
    request(app.server)
      .post('/www/auftrag')
      .set('Authorization', `Bearer ${token}`)
      .send(body as object)
      .parse(json);
  const order = (i: number, bestellNr?: string) => ({
    GrundDaten: {
      KundNr: i % 2 === 0 ? '10001' : '10002',
      ...(bestellNr ? { AuftBestellNr: bestellNr } : {}),
    },
    Positionen: [
      { ArtNr: '1000', Menge: 1 + (i % 7) },
      { ArtNr: '1004', Menge: 6, VPEinheit: 'KAR' },
      { ArtNr: String(1006 + i), Menge: 2, Preis: 9.95 },
    ],
    Zahlung: [{ Bezeichnung: 'TransID', Wert: `T${i}` }],
  });

  it('50 parallel POSTs: 50 orders with distinct, gapless numbers', async () => {
    const before = await lastNumber();
    const orders = await orderCount();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => post(t, order(i))));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const numbers = results.map((r) => Number(r.body.data.AuftNr)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => before + 1 + i));
    expect(await lastNumber()).toBe(before + 50);
    expect(await orderCount()).toBe(orders + 50);
    const lines = await q<{ n: number | string }>(
      `SELECT COUNT(*) AS n FROM "AuftragPos" WHERE "AuftNr" IN (${numbers.map((n) => `'${n}'`).join(',')})`,
    );
    expect(Number(lines[0].n)).toBe(150);
  });

  it('20 parallel POSTs with one AuftBestellNr: exactly one order, every answer names it', async () => {
    const before = await lastNumber();
    const orders = await orderCount();
    const results = await Promise.all(Array.from({ length: 20 }, () => post(t, order(0, 'PAR-0001'))));
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(19);
    const auftNr = created[0].body.data.AuftNr;
    expect(new Set(results.map((r) => r.body.data.AuftNr))).toEqual(new Set([auftNr]));
    expect(await orderCount()).toBe(orders + 1);
    expect(await lastNumber()).toBe(before + 1);
    const rows = await q(`SELECT "AuftNr" FROM "Auftrag" WHERE "AuftBestellNr" = 'PAR-0001'`);
    expect(rows).toEqual([{ AuftNr: auftNr }]);
  });

  it('two instances on one database: distinct numbers, and one order per AuftBestellNr', async () => {
    const before = await lastNumber();
    const spread = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(i % 2 === 0 ? t : second, order(i, `TWO-${i}`))),
    );
    expect(spread.map((r) => r.status)).toEqual(Array(30).fill(201));
    expect(new Set(spread.map((r) => r.body.data.AuftNr)).size).toBe(30);
    expect(await lastNumber()).toBe(before + 30);

    const orders = await orderCount();
    const same = await Promise.all(
      Array.from({ length: 16 }, (_, i) => post(i % 2 === 0 ? t : second, order(1, 'TWO-SAME'))),
    );
    expect(same.filter((r) => r.status === 201)).toHaveLength(1);
    expect(same.filter((r) => r.status === 200)).toHaveLength(15);
    expect(new Set(same.map((r) => r.body.data.AuftNr)).size).toBe(1);
    expect(await orderCount()).toBe(orders + 1);
  });

  it('parallel reads and writes stay consistent: every created order reads back complete', async () => {
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(i % 2 ? second : t, order(i))),
    );
    const reads = await Promise.all(
      created.map((r, i) =>
        request((i % 2 ? t : second).server)
          .get(`/www/auftrag/${r.body.data.AuftNr}`)
          .set('Authorization', `Bearer ${token}`)
          .parse(json),
      ),
    );
    for (const r of reads) {
      expect(r.status).toBe(200);
      expect(r.body.data.Positionen).toHaveLength(3);
      expect(r.body.data.Zahlung).toHaveLength(1);
      expect(r.body.data.MWSTRekapitulation.length).toBeGreaterThan(0);
    }
  });
});
