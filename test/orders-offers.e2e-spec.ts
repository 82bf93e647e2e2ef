import request from 'supertest';
import { OutboxWatch } from './support/outbox';
import { rawSql } from './support/raw-sql';
import { createTestApp, json, TestApp } from './support/test-app';

describe('orders: PUT /www/auftrag converts an offer (D5)', () => {
  let t: TestApp;
  let token: string;
  let events!: OutboxWatch;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.token();
    events = new OutboxWatch(t.dataSource, 'REST_Auft');
  });
  afterAll(async () => {
    await t.close();
  });

  const { p, q, count } = rawSql(() => t);
  const put = (body: unknown) =>
    request(t.server)
      .put('/www/auftrag')
      .set('Authorization', `Bearer ${token}`)
      .send(body as object)
      .parse(json);
  const get = (auftNr: string) =>
    request(t.server).get(`/www/auftrag/${auftNr}`).set('Authorization', `Bearer ${token}`).parse(json);
  const convert = (OffertNr: string, KundNr: string, Zahlung?: unknown[]) =>
    put({ GrundDaten: { KundNr, OffertNr }, ...(Zahlung ? { Zahlung } : {}) });

  it("converts the customer's offer 500001: 201 {count, success, data}, no-store, the offer keeps status P", async () => {
    await events.reset();
    const offerBefore = (await get('500001').expect(200)).body.data;
    const res = await convert('500001', '10001', [{ Bezeichnung: 'TransID', Wert: 'T-500001' }]).expect(201);
    const auftNr = res.body.data.AuftNr;
    expect(res.body).toEqual({ count: 1, success: true, data: { AuftNr: expect.stringMatching(/^\d+$/) } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.location).toMatch(new RegExp(`/www/auftrag/${auftNr}$`));

    const order = (await get(auftNr).expect(200)).body.data;
    expect(order.GrundDaten).toMatchObject({
      AuftNr: auftNr,
      AuftStatus: 'N',
      KundNr: '10001',
      OffertNr: '500001',
      AuftBez: 'Offerte Muster AG',
      ErfasstVon: 'demo',
      AuftSummeNetto: offerBefore.GrundDaten.AuftSummeNetto,
      AuftSummeBrutto: offerBefore.GrundDaten.AuftSummeBrutto,
    });
    expect(order.Positionen).toEqual(offerBefore.Positionen);
    expect(order.MWSTRekapitulation).toEqual(offerBefore.MWSTRekapitulation);
    expect(order.Adressen).toEqual(offerBefore.Adressen);
    expect(order.Zahlung).toEqual([{ Bezeichnung: 'TransID', Wert: 'T-500001', Key: '1' }]);

    const offer = (await get('500001').expect(200)).body.data;
    expect(offer.GrundDaten).toMatchObject({ AuftStatus: 'P', FolgeAuftNr: auftNr });
    const [stored] = await q(`SELECT "AuftStatus", "FolgeAuftNr" FROM "Auftrag" WHERE "AuftNr" = ${p(1)}`, [
      '500001',
    ]);
    expect(stored).toEqual({ AuftStatus: 'P', FolgeAuftNr: auftNr });
    expect(await events.recorded()).toEqual([
      {
        id: expect.stringMatching(/^\d{12}$/),
        event: 'REST_Auft',
        AuftNr: auftNr,
        action: 'converted',
        user: 'demo',
        occurredAt: expect.any(String),
      },
    ]);
  });

  it('a second PUT of the same offer: 409 with the existing AuftNr in info, nothing written', async () => {
    const [offer] = await q<{ FolgeAuftNr: string }>(
      `SELECT "FolgeAuftNr" FROM "Auftrag" WHERE "AuftNr" = '500001'`,
    );
    const orders = await count('Auftrag');
    const res = await convert('500001', '10001').expect(409);
    expect(res.body).toEqual({
      error: 'conflict',
      error_description: expect.any(String),
      info: { AuftNr: offer.FolgeAuftNr, OffertNr: '500001' },
    });
    expect(await count('Auftrag')).toBe(orders);
  });

  it('template offer 500002 matches customer 10001 (price-list type, KTNr, WUSTCode, currency): 201', async () => {
    const res = await convert('500002', '10001').expect(201);
    const order = (await get(res.body.data.AuftNr).expect(200)).body.data;
    expect(order.GrundDaten).toMatchObject({
      KundNr: '10001',
      OffertNr: '500002',
      WaehrAbk: 'CHF',
      AuftStatus: 'N',
    });
    expect(order.Positionen).toEqual([
      expect.objectContaining({ ArtNr: '1000', PosAnzBest: 6, PosPreisEinzel: 19.8, PosPreisTotal: 118.8 }),
    ]);
    const [customer] = await q<{ KundKontakt: number; KundLief: number; KundRech: number }>(
      `SELECT "KundKontakt", "KundLief", "KundRech" FROM "Debitor" WHERE "DebiNr" = '10001'`,
    );
    expect([
      order.Adressen.KontaktAdr.AdrNr,
      order.Adressen.LiefAdr.AdrNr,
      order.Adressen.RechAdr.AdrNr,
    ]).toEqual([customer.KundKontakt, customer.KundLief, customer.KundRech]);
    expect((await get('500002').expect(200)).body.data.GrundDaten).toMatchObject({
      AuftStatus: 'P',
      KundNr: null,
      FolgeAuftNr: res.body.data.AuftNr,
    });
  });

  it('template offer 500003 (EUR) for 10001: 409 with info.mismatch, nothing written', async () => {
    const orders = await count('Auftrag');
    const res = await convert('500003', '10001').expect(409);
    expect(res.body).toEqual({
      error: 'conflict',
      error_description: expect.stringContaining('WaehrAbk'),
      info: { mismatch: ['WaehrAbk'], OffertNr: '500003', KundNr: '10001' },
    });
    const other = await convert('500003', '10002').expect(409);
    expect(other.body.info.mismatch).toEqual(['PreisListTyp', 'KTNr', 'WUSTCode']);
    expect(await count('Auftrag')).toBe(orders);
    expect((await get('500003').expect(200)).body.data.GrundDaten.FolgeAuftNr).toBeNull();
  });

  it('OffertNr that is not an offer with status P: 404', async () => {
    const order = await convert('100001', '10001').expect(404);
    expect(order.body.error).toBe('not_found');
    await convert('999999', '10001').expect(404);
  });

  it('unknown customer: 422 naming GrundDaten.KundNr; missing or too long keys: 400', async () => {
    const res = await convert('500003', '99999').expect(422);
    expect(res.body.info.fields).toEqual([
      { field: 'GrundDaten.KundNr', message: 'unknown customer "99999"' },
    ]);
    const missing = await put({ GrundDaten: { KundNr: '10001' } }).expect(400);
    expect(missing.body.info.fields.map((f: { field: string }) => f.field)).toContain('GrundDaten.OffertNr');
    const long = await convert('12345678901', '123456789').expect(400);
    expect([...new Set(long.body.info.fields.map((f: { field: string }) => f.field))].sort()).toEqual([
      'GrundDaten.KundNr',
      'GrundDaten.OffertNr',
    ]);
  });

  it("another customer's offer: 409 mismatch KundNr", async () => {
    await q(
      `INSERT INTO "Auftrag" ("AuftNr", "AuftStatus", "KundNr", "WaehrAbk", "AuftSummeNetto", "AuftSummeWUST",
        "AuftSummeBrutto", "AuftErf", "GeaendertAm") VALUES ('500009', 'P', '10002', 'EUR', 0, 0, 0, ${p(1)}, ${p(2)})`,
      t.dataSource.options.type === 'postgres'
        ? [new Date(), new Date()]
        : ['2026-03-01 10:00:00.000', '2026-03-01 10:00:00.000'],
    );
    const res = await convert('500009', '10001').expect(409);
    expect(res.body.info.mismatch).toEqual(['KundNr']);
  });

  it('parallel PUTs of one offer: exactly one order, every other answer is 409 naming it', async () => {
    const orders = await count('Auftrag');
    const results = await Promise.all(Array.from({ length: 10 }, () => convert('500003', '10002')));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(409));
    await q(
      `UPDATE "Auftrag" SET "KTNr" = '200', "PreisListTyp" = 'VK', "WUSTCode" = 'DE19' WHERE "AuftNr" = '500003'`,
    );
    const parallel = await Promise.all(Array.from({ length: 12 }, () => convert('500003', '10002')));
    const created = parallel.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    const auftNr = created[0].body.data.AuftNr;
    for (const r of parallel.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.info.AuftNr).toBe(auftNr);
    }
    expect(await count('Auftrag')).toBe(orders + 1);
    const rows = await q(`SELECT "AuftNr" FROM "Auftrag" WHERE "OffertNr" = '500003'`);
    expect(rows).toEqual([{ AuftNr: auftNr }]);
  });
});
