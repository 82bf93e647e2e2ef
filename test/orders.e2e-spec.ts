import request from 'supertest';
import { OrderEntity } from '@app/erp-db';
import {
  DETERMINED_AS_SHOWN,
  DETERMINED_LINES,
  WINTERTHUR_ADDRESS,
  WINTERTHUR_AS_SHOWN,
} from './support/fixtures';
import { OutboxWatch } from './support/outbox';
import { rawSql } from './support/raw-sql';
import { bytes, createTestApp, json, TestApp } from './support/test-app';

describe('orders: POST and GET /www/auftrag', () => {
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

  const pg = (): boolean => t.dataSource.options.type === 'postgres';
  const { p, q, count } = rawSql(() => t);
  const lastNumber = async (): Promise<number> =>
    Number(
      (await q<{ n: number }>(`SELECT "LetzteNr" AS n FROM "Nummernkreis" WHERE "Name" = 'AUFTRAG'`))[0].n,
    );
  const post = (body: unknown) =>
    request(t.server)
      .post('/www/auftrag')
      .set('Authorization', `Bearer ${token}`)
      .send(body as object)
      .parse(json);
  const get = (auftNr: string) =>
    request(t.server).get(`/www/auftrag/${auftNr}`).set('Authorization', `Bearer ${token}`).parse(json);
  const tables = ['Auftrag', 'AuftragPos', 'AuftragAdr', 'AuftragZahlung', 'Adressen'];
  const snapshot = async (): Promise<number[]> => [
    ...(await Promise.all(tables.map(count))),
    await lastNumber(),
  ];

  describe('POST', () => {
    it('creates an order with status N: 201, {data: {AuftNr}}, Location, one REST_Auft event', async () => {
      const before = await lastNumber();
      await events.reset();
      const res = await post({
        GrundDaten: { KundNr: '10001', AuftBestellNr: 'SHOP-T-1', AuftBez: 'Webshop Bestellung' },
        Positionen: [{ ArtNr: '1000', Menge: 2, Preis: 18.5 }],
      }).expect(201);
      const auftNr = String(before + 1);
      expect(res.body).toEqual({ data: { AuftNr: auftNr } });
      expect(res.headers.location).toMatch(new RegExp(`^http://[^/]+/www/auftrag/${auftNr}$`));
      const [head] = await q(`SELECT * FROM "Auftrag" WHERE "AuftNr" = ${p(1)}`, [auftNr]);
      expect(head).toMatchObject({
        AuftStatus: 'N',
        KundNr: '10001',
        AuftBestellNr: 'SHOP-T-1',
        AuftBez: 'Webshop Bestellung',
        WaehrAbk: 'CHF',
        ErfasstVon: 'demo',
        OffertNr: null,
      });
      expect(await lastNumber()).toBe(before + 1);
      expect(await events.recorded()).toEqual([
        {
          id: expect.stringMatching(/^\d{12}$/),
          event: 'REST_Auft',
          AuftNr: auftNr,
          action: 'created',
          user: 'demo',
          occurredAt: expect.any(String),
        },
      ]);
      expect((await events.recorded())[0].occurredAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    });

    it('determines omitted prices like the article list: own list, price-list type, default type, tiers, packaging units', async () => {
      const res = await post({ GrundDaten: { KundNr: '10001' }, Positionen: DETERMINED_LINES }).expect(201);
      const order = (await get(res.body.data.AuftNr).expect(200)).body.data;
      expect(order.Positionen).toEqual(DETERMINED_AS_SHOWN.Positionen);
      expect(order.MWSTRekapitulation).toEqual(DETERMINED_AS_SHOWN.MWSTRekapitulation);
      expect(order.GrundDaten).toMatchObject(DETERMINED_AS_SHOWN.totals);
    });

    it('prices in the leading currency by default, in WaehrAbk when given, with quantity tiers', async () => {
      const chf = await post({
        GrundDaten: { KundNr: '10002' },
        Positionen: [{ ArtNr: '1000', Menge: 10 }],
      }).expect(201);
      const chfOrder = (await get(chf.body.data.AuftNr).expect(200)).body.data;
      expect(chfOrder.GrundDaten.WaehrAbk).toBe('CHF');
      expect(chfOrder.Positionen[0]).toMatchObject({ PosPreisEinzel: 23.5, PosPreisTotal: 235 });
      const eur = await post({
        GrundDaten: { KundNr: '10002', WaehrAbk: 'EUR' },
        Positionen: [{ ArtNr: '1000', Menge: 50 }],
      }).expect(201);
      const eurOrder = (await get(eur.body.data.AuftNr).expect(200)).body.data;
      expect(eurOrder.GrundDaten.WaehrAbk).toBe('EUR');
      expect(eurOrder.Positionen[0]).toMatchObject({
        PosPreisEinzel: 26.5,
        PosPreisTotal: 1325,
        PosPreisWUSTBetrag: 34.45,
      });
      expect(eurOrder.MWSTRekapitulation[0]).toMatchObject({
        WaehrAbk: 'EUR',
        PosBetragNetto: 1325,
        PosWUST: 34.45,
      });
      expect(eurOrder.GrundDaten.AuftSummeBrutto).toBe(1359.45);
    });

    it('writes no float artefacts: 0.1 + 0.2 is 0.3 in the response bytes', async () => {
      const res = await post({
        GrundDaten: { KundNr: '10002', WaehrAbk: 'EUR' },
        Positionen: [
          { ArtNr: '1001', Menge: 1, Preis: 0.1 },
          { ArtNr: '1005', Menge: 1, Preis: 0.2 },
        ],
      }).expect(201);
      const raw = await request(t.server)
        .get(`/www/auftrag/${res.body.data.AuftNr}`)
        .set('Authorization', `Bearer ${token}`)
        .buffer(true)
        .parse(bytes)
        .expect(200);
      const text = (raw.body as Buffer).toString('latin1');
      expect(text).toContain('"PosBetragNetto":0.3,');
      expect(text).toContain('"AuftSummeNetto":0.3,');
      expect(text).not.toMatch(/\d\.\d*0000000|\d\.\d*9999999|e-\d/);
    });

    it('takes a number off its decimals only by binary floating point as that decimal (3 * 0.0001, 0.1 + 0.2)', async () => {
      const res = await post({
        GrundDaten: { KundNr: '10002', WaehrAbk: 'EUR', AuftBestellT: '0050-03-01T10:15:00Z' },
        Positionen: [{ ArtNr: '1001', Menge: 3 * 0.0001, Preis: 0.1 + 0.2 }],
      }).expect(201);
      const order = (await get(res.body.data.AuftNr).expect(200)).body.data;
      expect(order.GrundDaten.AuftBestellTUTC).toBe('0050-03-01T10:15:00Z');
      expect(order.Positionen[0]).toMatchObject({ PosAnzBest: 0.0003, PosPreisEinzel: 0.3 });
      await post({
        GrundDaten: { KundNr: '10002', WaehrAbk: 'EUR' },
        Positionen: [{ ArtNr: '1001', Menge: 0.00031, Preis: 0.30001 }],
      }).expect(400);
    });

    it('returns every GrundDaten field with UTC dates, the entering user and the default KTNr', async () => {
      const res = await post({
        GrundDaten: {
          KundNr: '10001',
          AuftBestellNr: 'SHOP-T-DATES',
          AuftBez: 'Bestellung mit allen Feldern',
          AuftBestellRef: 'Ref 42',
          AuftBestellT: '2026-03-01T10:15:00+01:00',
          AuftLieferT: '2026-03-05',
          WaehrAbk: 'chf',
          AuftKomment: 'Bitte läuten – Hintereingang',
          StaoNr: 2,
          KundBedTyp: 3,
          AuftLiefKost: 12.5,
        },
        Positionen: [{ ArtNr: '1004', Menge: 6, Preis: 0.95 }],
      }).expect(201);
      const auftNr = res.body.data.AuftNr;
      const order = (await get(auftNr).expect(200)).body.data;
      expect(order.GrundDaten).toEqual({
        AuftNr: auftNr,
        AuftBez: 'Bestellung mit allen Feldern',
        AuftBestellNr: 'SHOP-T-DATES',
        AuftBestellRef: 'Ref 42',
        AuftBestellTUTC: '2026-03-01T09:15:00Z',
        AuftLieferTUTC: '2026-03-05T00:00:00Z',
        WaehrAbk: 'CHF',
        AuftKomment: 'Bitte läuten – Hintereingang',
        KundBedTyp: 3,
        AuftLiefKost: 12.5,
        StaoNr: 2,
        AuftStatus: 'N',
        KundNr: '10001',
        KTNr: '100',
        PreisListNr: 5,
        PreisListTyp: 'HAENDLER',
        WUSTCode: 'CH81',
        AuftSummeNetto: 5.7,
        AuftSummeWUST: 0.15,
        AuftSummeBrutto: 5.85,
        OffertNr: null,
        FolgeAuftNr: null,
        ErfasstVon: 'demo',
        AuftErfUTC: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      });
      expect(order.Zahlung).toEqual([]);
    });

    it("uses the customer's own addresses without an override", async () => {
      const res = await post({
        GrundDaten: { KundNr: '10001' },
        Positionen: [{ ArtNr: '1000', Menge: 1 }],
      }).expect(201);
      const [customer] = await q<{ KundKontakt: number; KundLief: number; KundRech: number }>(
        `SELECT "KundKontakt", "KundLief", "KundRech" FROM "Debitor" WHERE "DebiNr" = '10001'`,
      );
      const order = (await get(res.body.data.AuftNr).expect(200)).body.data;
      expect(order.Adressen.KontaktAdr).toMatchObject({
        AdrNr: customer.KundKontakt,
        AdrFirma: 'Muster AG',
        ISOLandA2: 'CH',
      });
      expect(order.Adressen.LiefAdr).toMatchObject({
        AdrNr: customer.KundLief,
        OrtName: 'Winterthur',
        OrtPLZ: '8400',
      });
      expect(order.Adressen.RechAdr).toMatchObject({ AdrNr: customer.KundRech, AdrFirma2: 'Buchhaltung' });
    });

    it('overrides addresses for this order only: new address rows, AdrCheck corrects the town', async () => {
      const addressesBefore = await count('Adressen');
      const res = await post({
        GrundDaten: { KundNr: '10001' },
        Adressen: { LiefAdr: WINTERTHUR_ADDRESS },
        Positionen: [{ ArtNr: '1000', Menge: 1 }],
      }).expect(201);
      expect(await count('Adressen')).toBe(addressesBefore + 1);
      const order = (await get(res.body.data.AuftNr).expect(200)).body.data;
      expect(order.Adressen.LiefAdr).toEqual({ AdrNr: expect.any(Number), ...WINTERTHUR_AS_SHOWN });
      expect(order.Adressen.KontaktAdr.AdrFirma).toBe('Muster AG');
      const [customer] = await q<{ KundLief: number }>(
        `SELECT "KundLief" FROM "Debitor" WHERE "DebiNr" = '10001'`,
      );
      expect(order.Adressen.LiefAdr.AdrNr).not.toBe(customer.KundLief);
      const [stored] = await q(`SELECT "ErfasstVon" FROM "Adressen" WHERE "AdrNr" = ${p(1)}`, [
        order.Adressen.LiefAdr.AdrNr,
      ]);
      expect(stored.ErfasstVon).toBe('demo');
    });

    it('an unknown postal code in an override address: 422 naming the address, nothing written', async () => {
      const before = await snapshot();
      const res = await post({
        GrundDaten: { KundNr: '10001' },
        Adressen: { RechAdr: { ...WINTERTHUR_ADDRESS, OrtPLZ: '9999' } },
        Positionen: [{ ArtNr: '1000', Menge: 1 }],
      }).expect(422);
      expect(res.body.error).toBe('unprocessable');
      expect(res.body.info.fields).toEqual([
        { field: 'Adressen.RechAdr.OrtPLZ', message: expect.any(String) },
      ]);
      expect(await snapshot()).toEqual(before);
    });

    it('stores payment labels and returns them with a Key per label', async () => {
      const res = await post({
        GrundDaten: { KundNr: '10001' },
        Positionen: [{ ArtNr: '1000', Menge: 1 }],
        Zahlung: [
          { Bezeichnung: 'Dienstleister', Wert: 'Datatrans' },
          { Bezeichnung: 'TransID', Wert: '240301101500123' },
          { Bezeichnung: 'payment_method', Wert: 'TWI' },
        ],
      }).expect(201);
      const order = (await get(res.body.data.AuftNr).expect(200)).body.data;
      expect(order.Zahlung).toEqual([
        { Bezeichnung: 'Dienstleister', Wert: 'Datatrans', Key: '1' },
        { Bezeichnung: 'TransID', Wert: '240301101500123', Key: '2' },
        { Bezeichnung: 'payment_method', Wert: 'TWI', Key: '3' },
      ]);
    });

    it("defaults PosBez to the article text in the customer's language", async () => {
      await q(
        `UPDATE "Adressen" SET "AdrSprache" = 'fre' WHERE "AdrNr" = (SELECT "KundKontakt" FROM "Debitor" WHERE "DebiNr" = '10002')`,
      );
      const res = await post({
        GrundDaten: { KundNr: '10002' },
        Positionen: [
          { ArtNr: '1000', Menge: 1 },
          { ArtNr: '1001', Menge: 1, PosBez: 'Eigener Text' },
        ],
      }).expect(201);
      const order = (await get(res.body.data.AuftNr).expect(200)).body.data;
      expect(order.Positionen.map((l: { PosBez: string }) => l.PosBez)).toEqual([
        'Grains de café torréfaction crème 1 kg',
        'Eigener Text',
      ]);
    });
    it('skips numbers the ERP has already used past the number range', async () => {
      const last = await lastNumber();
      const erpOrder = (auftNr: string) => ({
        AuftNr: auftNr,
        AuftStatus: 'O',
        KundNr: '10002',
        WaehrAbk: 'EUR',
        AuftErf: new Date(),
        GeaendertAm: new Date(),
      });
      await t.dataSource
        .getRepository(OrderEntity)
        .insert([erpOrder(String(last + 1)), erpOrder(String(last + 2))]);
      const res = await post({
        GrundDaten: { KundNr: '10001' },
        Positionen: [{ ArtNr: '1000', Menge: 1 }],
      }).expect(201);
      expect(res.body.data.AuftNr).toBe(String(last + 3));
      expect(await lastNumber()).toBe(last + 3);
    });
  });

  describe('duplicates', () => {
    it('same KundNr + AuftBestellNr as an existing order: 200 with that AuftNr, nothing created, no event', async () => {
      const before = await snapshot();
      await events.reset();
      const res = await post({
        GrundDaten: { KundNr: '10001', AuftBestellNr: 'SHOP-2026-0001' },
        Positionen: [{ ArtNr: '1000', Menge: 5 }],
      }).expect(200);
      expect(res.body).toEqual({ data: { AuftNr: '100001' } });
      expect(res.headers.location).toMatch(/\/www\/auftrag\/100001$/);
      expect(await snapshot()).toEqual(before);
      expect(await events.recorded()).toEqual([]);
    });

    it('a repeated POST answers the order the first one created', async () => {
      const body = {
        GrundDaten: { KundNr: '10002', AuftBestellNr: 'DUP-1' },
        Positionen: [{ ArtNr: '1000', Menge: 1 }],
      };
      const first = await post(body).expect(201);
      const before = await snapshot();
      const second = await post(body).expect(200);
      expect(second.body).toEqual(first.body);
      expect(await snapshot()).toEqual(before);
      const other = await post({ ...body, GrundDaten: { KundNr: '10001', AuftBestellNr: 'DUP-1' } }).expect(
        201,
      );
      expect(other.body.data.AuftNr).not.toBe(first.body.data.AuftNr);
    });
  });

  describe('invalid input', () => {
    it('unknown customer and article: 422 naming every field, nothing written', async () => {
      const before = await snapshot();
      const res = await post({
        GrundDaten: { KundNr: '99999' },
        Positionen: [
          { ArtNr: '1000', Menge: 1 },
          { ArtNr: 'GIBTSNICHT', Menge: 1 },
        ],
      }).expect(422);
      expect(res.body).toEqual({
        error: 'unprocessable',
        error_description: expect.any(String),
        info: {
          fields: [
            { field: 'GrundDaten.KundNr', message: 'unknown customer "99999"' },
            { field: 'Positionen[1].ArtNr', message: 'unknown article "GIBTSNICHT"' },
          ],
        },
      });
      expect(await snapshot()).toEqual(before);
    });

    it('articles the user may not see: 422 for one not released for its web shop or inactive, nothing written', async () => {
      const before = await snapshot();
      // 1003 is released for web shop OTHER only; 1299 is one of the inactive generated articles.
      const res = await post({
        GrundDaten: { KundNr: '10001' },
        Positionen: [
          { ArtNr: '1000', Menge: 1 },
          { ArtNr: '1003', Menge: 1, Preis: 10 },
          { ArtNr: '1299', Menge: 1, Preis: 10 },
        ],
      }).expect(422);
      const refused = (artNr: string) =>
        `article "${artNr}" cannot be ordered: it is inactive or not released for this web shop`;
      expect(res.body.info).toEqual({
        fields: [
          { field: 'Positionen[1].ArtNr', message: refused('1003') },
          { field: 'Positionen[2].ArtNr', message: refused('1299') },
        ],
      });
      expect(await snapshot()).toEqual(before);
      // A user without a web-shop value may order 1003 (it is active), but not the inactive one.
      const admin = await t.token('admin');
      const asAdmin = (artNr: string) =>
        request(t.server)
          .post('/www/auftrag')
          .set('Authorization', `Bearer ${admin}`)
          .send({ GrundDaten: { KundNr: '10001' }, Positionen: [{ ArtNr: artNr, Menge: 1, Preis: 10 }] })
          .parse(json);
      await asAdmin('1003').expect(201);
      expect((await asAdmin('1299').expect(422)).body.info.fields).toEqual([
        { field: 'Positionen[0].ArtNr', message: refused('1299') },
      ]);
    });

    it('unknown packaging unit, a quantity that is no whole packaging unit, no price: 422', async () => {
      const res = await post({
        GrundDaten: { KundNr: '10001' },
        Positionen: [
          { ArtNr: '1000', Menge: 6, VPEinheit: 'SACK' },
          { ArtNr: '1000', Menge: 10, VPEinheit: 'KAR' },
        ],
      }).expect(422);
      expect(res.body.info.fields.map((f: { field: string }) => f.field)).toEqual([
        'Positionen[0].VPEinheit',
        'Positionen[1].Menge',
      ]);
      const noPrice = await post({
        GrundDaten: { KundNr: '10001' },
        Positionen: [{ ArtNr: '1002', Menge: 1 }],
      }).expect(422);
      expect(noPrice.body.info.fields).toEqual([
        { field: 'Positionen[0].Preis', message: expect.stringContaining('1002') },
      ]);
      await post({
        GrundDaten: { KundNr: '10001' },
        Positionen: [{ ArtNr: '1002', Menge: 1, Preis: 12 }],
      }).expect(201);
    });

    it('unknown currency or location: 422', async () => {
      const res = await post({
        GrundDaten: { KundNr: '10001', WaehrAbk: 'XYZ', StaoNr: 77 },
        Positionen: [{ ArtNr: '1000', Menge: 1, Preis: 1 }],
      }).expect(422);
      expect(res.body.info.fields.map((f: { field: string }) => f.field)).toEqual([
        'GrundDaten.WaehrAbk',
        'GrundDaten.StaoNr',
      ]);
    });

    it.each([0, -1, -0.5])('quantity %p: 400 naming the line', async (menge) => {
      const res = await post({
        GrundDaten: { KundNr: '10001' },
        Positionen: [
          { ArtNr: '1000', Menge: 1 },
          { ArtNr: '1000', Menge: menge },
        ],
      }).expect(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.info.fields).toContainEqual({
        field: 'Positionen[1].Menge',
        message: 'Menge must be greater than 0',
      });
    });

    it('KundNr char(8) and ArtNr char(15): 400 at one character more, never truncated', async () => {
      const long = await post({
        GrundDaten: { KundNr: '123456789' },
        Positionen: [{ ArtNr: '1234567890123456', Menge: 1 }],
      }).expect(400);
      expect(long.body.info.fields.map((f: { field: string }) => f.field)).toEqual([
        'GrundDaten.KundNr',
        'Positionen[0].ArtNr',
      ]);
      const exact = await post({
        GrundDaten: { KundNr: '12345678' },
        Positionen: [{ ArtNr: '123456789012345', Menge: 1 }],
      }).expect(422);
      expect(exact.body.info.fields.map((f: { field: string }) => f.field)).toEqual([
        'GrundDaten.KundNr',
        'Positionen[0].ArtNr',
      ]);
    });

    it('wrong types, unknown fields, missing lines, too many decimals, bad dates: 400 listing every problem', async () => {
      const res = await post({
        GrundDaten: { KundNr: 10001, AuftBestellT: 'gestern', Unbekannt: 1 },
        Positionen: [{ ArtNr: '1000', Menge: '2', Preis: 1.23456, GRabSatz: 101, VisPosNr: 'A1' }],
        Extra: true,
      }).expect(400);
      expect([...new Set(res.body.info.fields.map((f: { field: string }) => f.field))].sort()).toEqual(
        [
          'Extra',
          'GrundDaten.KundNr',
          'GrundDaten.AuftBestellT',
          'GrundDaten.Unbekannt',
          'Positionen[0].Menge',
          'Positionen[0].Preis',
          'Positionen[0].GRabSatz',
          'Positionen[0].VisPosNr',
        ].sort(),
      );
      const empty = await post({ GrundDaten: { KundNr: '10001' }, Positionen: [] }).expect(400);
      expect(empty.body.info.fields.map((f: { field: string }) => f.field)).toEqual(['Positionen']);
    });

    it('every route needs a bearer token', async () => {
      await request(t.server).post('/www/auftrag').send({}).expect(401);
      await request(t.server).put('/www/auftrag').send({}).expect(401);
      const res = await request(t.server).get('/www/auftrag/100001').expect(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    });
  });

  describe('a failure in the middle of an order', () => {
    beforeAll(async () => {
      if (pg()) {
        await q(`CREATE FUNCTION fail_payment() RETURNS trigger AS $$
          BEGIN IF NEW."Wert" = 'FAIL' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
        await q(
          `CREATE TRIGGER fail_payment BEFORE INSERT ON "AuftragZahlung" FOR EACH ROW EXECUTE FUNCTION fail_payment()`,
        );
      } else if (t.dataSource.options.type === 'mssql') {
        // T-SQL has no BEFORE triggers: an AFTER trigger that raises fails the INSERT all the same.
        await q(`CREATE TRIGGER fail_payment ON "AuftragZahlung" AFTER INSERT AS
          IF EXISTS (SELECT 1 FROM inserted WHERE "Wert" = 'FAIL') THROW 50000, 'injected failure', 1`);
      } else {
        await q(`CREATE TRIGGER fail_payment BEFORE INSERT ON "AuftragZahlung" WHEN NEW."Wert" = 'FAIL'
          BEGIN SELECT RAISE(ABORT, 'injected failure'); END`);
      }
    });

    it('rolls back everything (order, lines, addresses, roles, number): 500 without details', async () => {
      const before = await snapshot();
      await events.reset();
      const res = await post({
        GrundDaten: { KundNr: '10001', AuftBestellNr: 'SHOP-T-FAIL' },
        Adressen: { LiefAdr: WINTERTHUR_ADDRESS },
        Positionen: [
          { ArtNr: '1000', Menge: 1 },
          { ArtNr: '1001', Menge: 1 },
        ],
        Zahlung: [
          { Bezeichnung: 'TransID', Wert: 'ok' },
          { Bezeichnung: 'TransID', Wert: 'FAIL' },
        ],
      }).expect(500);
      expect(res.body).toEqual({ error: 'server_error', error_description: expect.any(String) });
      expect(JSON.stringify(res.body)).not.toMatch(/injected|INSERT|AuftragZahlung/);
      expect(await snapshot()).toEqual(before);
      expect(await events.recorded()).toEqual([]);
      const next = await post({
        GrundDaten: { KundNr: '10001', AuftBestellNr: 'SHOP-T-FAIL' },
        Positionen: [{ ArtNr: '1000', Menge: 1 }],
      }).expect(201);
      expect(next.body.data.AuftNr).toBe(String(before[before.length - 1] + 1));
    });
  });

  describe('GET', () => {
    it('reads a stored order with every section', async () => {
      const res = await get('100001').expect(200);
      expect(Object.keys(res.body.data)).toEqual([
        'GrundDaten',
        'Adressen',
        'Positionen',
        'MWSTRekapitulation',
        'Zahlung',
      ]);
      expect(res.body.data.GrundDaten).toMatchObject({
        AuftNr: '100001',
        AuftStatus: 'N',
        KundNr: '10001',
        AuftBestellNr: 'SHOP-2026-0001',
        AuftSummeNetto: 553.55,
        AuftSummeWUST: 32.63,
        AuftSummeBrutto: 586.2,
        AuftBestellTUTC: '2026-01-08T08:00:00Z',
      });
      expect(res.body.data.Positionen).toHaveLength(2);
      expect(res.body.data.MWSTRekapitulation.map((r: { PosWUSTCode: string }) => r.PosWUSTCode)).toEqual([
        'CH26',
        'CH81',
      ]);
      expect(res.headers['content-type']).toBe('application/json; charset=iso-8859-1');
    });

    it('reads offers the same way, template offers without customer and addresses', async () => {
      const offer = (await get('500001').expect(200)).body.data;
      expect(offer.GrundDaten).toMatchObject({ AuftNr: '500001', AuftStatus: 'P', KundNr: '10001' });
      expect(offer.Adressen.KontaktAdr.AdrFirma).toBe('Muster AG');
      const template = (await get('500003').expect(200)).body.data;
      expect(template.GrundDaten).toMatchObject({ AuftStatus: 'P', KundNr: null, WaehrAbk: 'EUR' });
      expect(template.Adressen).toEqual({});
      expect(template.MWSTRekapitulation).toEqual([
        expect.objectContaining({ WaehrAbk: 'EUR', PosBetragNetto: 126, PosWUST: 3.28, PosWUSTSatz: 2.6 }),
      ]);
    });

    it('unknown number: 404; longer than varchar(10): 400', async () => {
      const res = await get('4711').expect(404);
      expect(res.body.error).toBe('not_found');
      await get('12345678901').expect(400);
    });
  });
});
