import request from 'supertest';
import {
  DETERMINED_AS_SHOWN,
  DETERMINED_LINES,
  WINTERTHUR_ADDRESS,
  WINTERTHUR_AS_SHOWN,
} from './support/fixtures';
import { OutboxWatch } from './support/outbox';
import { comparableOrder, comparableQuote } from './support/quotes';
import { rawSql } from './support/raw-sql';
import { createTestApp, json, scopeUsers, TestApp } from './support/test-app';

/**
 * POST /www/auftrag/kalkulation: the order POST /www/auftrag would create from the same body, in
 * the shape of GET /www/auftrag/{AuftNr}, without storing anything, drawing a number or recording
 * an event; validation, scope and errors are POST's.
 */
describe('orders: the price quote POST /www/auftrag/kalkulation', () => {
  let t: TestApp;
  const auth = { demo: '', other: '', sync: '', admin: '' };
  let events!: OutboxWatch;
  const { p, q, count } = rawSql(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    Object.assign(auth, await scopeUsers(t));
    events = new OutboxWatch(t.dataSource, 'REST_Auft');
  });
  afterAll(async () => {
    await t.close();
  });

  type Who = keyof typeof auth;
  const send = (path: string, body: unknown, who: Who = 'demo') =>
    request(t.server)
      .post(path)
      .set('Authorization', auth[who])
      .send(body as object)
      .parse(json);
  const quote = (body: unknown, who: Who = 'demo') => send('/www/auftrag/kalkulation', body, who);
  const post = (body: unknown, who: Who = 'demo') => send('/www/auftrag', body, who);
  const get = (auftNr: string) =>
    request(t.server).get(`/www/auftrag/${auftNr}`).set('Authorization', auth.demo).parse(json);

  /**
   * Every table an order, its addresses, its number, its event (the outbox row; its deliveries are
   * the relay's, made whenever it gets to earlier orders) or an Idempotency-Key writes.
   */
  const tables = [
    'Auftrag',
    'AuftragPos',
    'AuftragAdr',
    'AuftragZahlung',
    'Adressen',
    'rest_event',
    'rest_idempotency',
  ];
  const snapshot = async () => ({
    rows: await Promise.all(tables.map(count)),
    numbers: await q(`SELECT "Name", "LetzteNr" FROM "Nummernkreis" ORDER BY "Name"`),
  });

  const customerAddress = async (role: 'KundKontakt' | 'KundRech') =>
    Number(
      (
        await q<Record<string, number>>(`SELECT "${role}" FROM "Debitor" WHERE "DebiNr" = ${p(1)}`, ['10001'])
      )[0][role],
    );

  const cart = {
    GrundDaten: {
      KundNr: '10001',
      AuftBestellNr: 'QUOTE-1',
      AuftBez: 'Warenkorb',
      AuftBestellRef: 'Ref 7',
      AuftBestellT: '2026-03-01T10:15:00+01:00',
      AuftLieferT: '2026-03-05',
      WaehrAbk: 'chf',
      AuftKomment: 'Bitte läuten',
      StaoNr: 2,
      KundBedTyp: 3,
      AuftLiefKost: 12.5,
    },
    Adressen: { LiefAdr: WINTERTHUR_ADDRESS },
    Positionen: DETERMINED_LINES,
    Zahlung: [
      { Bezeichnung: 'Dienstleister', Wert: 'Datatrans' },
      { Bezeichnung: 'TransID', Wert: 'T-1' },
    ],
  };

  it('answers 200 with the order POST would create: every section, price, discount, tax and total', async () => {
    const res = await quote(cart).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toBe('application/json; charset=iso-8859-1');
    const [kontakt, rech] = [await customerAddress('KundKontakt'), await customerAddress('KundRech')];
    const muster = {
      AdrSprache: 'ger',
      AdrAdresse2: null,
      AdrAnrede: 0,
      AdrFax: null,
      AdrFirma: 'Muster AG',
      AdrVorname: null,
      AdrName: null,
      AdrTelex: null,
      AdrTf2: null,
      OrtLand: 'CH',
      OrtName: 'Zürich',
      OrtPLZ: '8001',
      ISOLandA2: 'CH',
    };
    expect(res.body).toEqual({
      data: {
        GrundDaten: {
          AuftBez: 'Warenkorb',
          AuftBestellNr: 'QUOTE-1',
          AuftBestellRef: 'Ref 7',
          AuftBestellTUTC: '2026-03-01T09:15:00Z',
          AuftLieferTUTC: '2026-03-05T00:00:00Z',
          WaehrAbk: 'CHF',
          AuftKomment: 'Bitte läuten',
          KundBedTyp: 3,
          AuftLiefKost: 12.5,
          StaoNr: 2,
          AuftStatus: 'N',
          KundNr: '10001',
          KTNr: '100',
          PreisListNr: 5,
          PreisListTyp: 'HAENDLER',
          WUSTCode: 'CH81',
          ...DETERMINED_AS_SHOWN.totals,
          OffertNr: null,
          FolgeAuftNr: null,
          ErfasstVon: 'demo',
          AuftErfUTC: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        },
        Adressen: {
          KontaktAdr: {
            AdrNr: kontakt,
            ...muster,
            EmailAdress: 'info@muster-ag.ch',
            AdrAdresse1: 'Bahnhofstrasse 1',
            AdrFirma2: null,
            AdrTf1: '+41 44 123 45 67',
          },
          LiefAdr: { AdrNr: null, ...WINTERTHUR_AS_SHOWN },
          RechAdr: {
            AdrNr: rech,
            ...muster,
            EmailAdress: 'buchhaltung@muster-ag.ch',
            AdrAdresse1: 'Bahnhofstrasse 1',
            AdrAdresse2: 'Postfach',
            AdrFirma2: 'Buchhaltung',
            AdrTf1: null,
          },
        },
        Positionen: DETERMINED_AS_SHOWN.Positionen,
        MWSTRekapitulation: DETERMINED_AS_SHOWN.MWSTRekapitulation,
        Zahlung: [
          { Bezeichnung: 'Dienstleister', Wert: 'Datatrans', Key: '1' },
          { Bezeichnung: 'TransID', Wert: 'T-1', Key: '2' },
        ],
      },
    });

    // The same body posted: the order read back is the quote, but for its number and entry time.
    const created = await post(cart).expect(201);
    const order = (await get(created.body.data.AuftNr).expect(200)).body.data;
    expect(order.GrundDaten.AuftNr).toBe(created.body.data.AuftNr);
    expect(order.Adressen.LiefAdr.AdrNr).toEqual(expect.any(Number));
    expect(comparableOrder(order, res.body.data)).toEqual(comparableQuote(res.body.data));
  });

  it('stores nothing, draws no number, records no event (order, lines, addresses, payments, outbox)', async () => {
    const before = await snapshot();
    await events.reset();
    const body = { ...cart, GrundDaten: { ...cart.GrundDaten, AuftBestellNr: 'QUOTE-NOTHING' } };
    for (let i = 0; i < 3; i++) await quote(body).expect(200);
    await quote({ ...body, GrundDaten: { KundNr: '10002' } }).expect(200);
    expect(await snapshot()).toEqual(before);
    expect(await events.recorded()).toEqual([]);
  });

  it('an Idempotency-Key is ignored: not stored, never replayed, still free for the order', async () => {
    const body = { ...cart, GrundDaten: { KundNr: '10001', AuftBestellNr: 'QUOTE-KEY' } };
    const before = await count('rest_idempotency');
    const first = await quote(body).set('Idempotency-Key', 'quote-key-1').expect(200);
    const cheaper = await quote({ ...body, Positionen: [{ ArtNr: '1000', Menge: 1 }] })
      .set('Idempotency-Key', 'quote-key-1')
      .expect(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(cheaper.headers['idempotent-replayed']).toBeUndefined();
    expect(cheaper.body.data.Positionen).toHaveLength(1);
    expect(await count('rest_idempotency')).toBe(before);
    const order = await post(body).set('Idempotency-Key', 'quote-key-1').expect(201);
    expect(order.headers['idempotent-replayed']).toBeUndefined();
    expect(order.body).toEqual({ data: { AuftNr: expect.any(String) } });
  });

  it('a body whose KundNr + AuftBestellNr names an order: 409 with that AuftNr (POST would answer it)', async () => {
    const body = {
      GrundDaten: { KundNr: '10001', AuftBestellNr: 'SHOP-2026-0001' },
      Positionen: [{ ArtNr: '1000', Menge: 5 }],
    };
    const before = await snapshot();
    const res = await quote(body).expect(409);
    expect(res.body).toEqual({
      error: 'conflict',
      error_description:
        'Order 100001 has this KundNr and AuftBestellNr already; POST would answer it and create nothing.',
      info: { AuftNr: '100001' },
    });
    expect((await post(body).expect(200)).body).toEqual({ data: { AuftNr: '100001' } });
    // As for POST, the existing order wins over problems of the rest of the body.
    await quote({ ...body, Positionen: [{ ArtNr: 'GIBTSNICHT', Menge: 1 }] }).expect(409);
    expect(await snapshot()).toEqual(before);
  });

  it('scope (D12): outside the web shop the same status and body as POST; admins and integrations quote', async () => {
    const cases: Array<[Who, unknown]> = [
      ['other', { GrundDaten: { KundNr: '10001' }, Positionen: [{ ArtNr: '1000', Menge: 1 }] }],
      // Another shop's customer with the AuftBestellNr of one of its orders: as unknown as any customer.
      [
        'other',
        {
          GrundDaten: { KundNr: '10001', AuftBestellNr: 'SHOP-2026-0001' },
          Positionen: [{ ArtNr: '1000', Menge: 1 }],
        },
      ],
      // 1003 is released for web shop OTHER only.
      ['demo', { GrundDaten: { KundNr: '10001' }, Positionen: [{ ArtNr: '1003', Menge: 1, Preis: 10 }] }],
    ];
    const before = await snapshot();
    for (const [who, body] of cases) {
      const quoted = await quote(body, who);
      const posted = await post(body, who);
      expect(quoted.status).toBe(422);
      expect({ status: quoted.status, body: quoted.body }).toEqual({
        status: posted.status,
        body: posted.body,
      });
    }
    expect(await snapshot()).toEqual(before);
    const released = {
      GrundDaten: { KundNr: '10001' },
      Positionen: [{ ArtNr: '1003', Menge: 1, Preis: 10 }],
    };
    for (const who of ['admin', 'sync'] as const) {
      const res = await quote(released, who).expect(200);
      expect(res.body.data.Positionen[0]).toMatchObject({ ArtNr: '1003', PosPreisTotal: 10 });
      expect(res.body.data.GrundDaten.ErfasstVon).toBe(who === 'admin' ? 'admin' : 'erp-sync');
    }
  });

  it.each([
    [
      'unknown customer and article',
      {
        GrundDaten: { KundNr: '99999' },
        Positionen: [
          { ArtNr: '1000', Menge: 1 },
          { ArtNr: 'GIBTSNICHT', Menge: 1 },
        ],
      },
    ],
    [
      'an inactive article',
      { GrundDaten: { KundNr: '10001' }, Positionen: [{ ArtNr: '1299', Menge: 1, Preis: 10 }] },
    ],
    [
      'unknown packaging unit, no whole packaging units',
      {
        GrundDaten: { KundNr: '10001' },
        Positionen: [
          { ArtNr: '1000', Menge: 6, VPEinheit: 'SACK' },
          { ArtNr: '1000', Menge: 10, VPEinheit: 'KAR' },
        ],
      },
    ],
    ['no price', { GrundDaten: { KundNr: '10001' }, Positionen: [{ ArtNr: '1002', Menge: 1 }] }],
    [
      'no price in the currency',
      { GrundDaten: { KundNr: '10001', WaehrAbk: 'USD' }, Positionen: [{ ArtNr: '1000', Menge: 1 }] },
    ],
    [
      'unknown currency and location',
      {
        GrundDaten: { KundNr: '10001', WaehrAbk: 'XYZ', StaoNr: 77 },
        Positionen: [{ ArtNr: '1000', Menge: 1, Preis: 1 }],
      },
    ],
    [
      'an unknown postal code (AdrCheck)',
      {
        GrundDaten: { KundNr: '10001' },
        Adressen: { RechAdr: { ...WINTERTHUR_ADDRESS, OrtPLZ: '9999' } },
        Positionen: [{ ArtNr: '1000', Menge: 1 }],
      },
    ],
    [
      'a total over the limit',
      {
        GrundDaten: { KundNr: '10001' },
        Positionen: [
          { ArtNr: '1000', Menge: 999_999_999, Preis: 999_999_999 },
          { ArtNr: '1001', Menge: 999_999_999, Preis: 999_999_999 },
        ],
      },
    ],
    [
      'wrong types, unknown fields, bad dates',
      {
        GrundDaten: { KundNr: 10001, AuftBestellT: 'gestern', Unbekannt: 1 },
        Positionen: [{ ArtNr: '1000', Menge: '2', Preis: 1.23456, GRabSatz: 101, VisPosNr: 'A1' }],
        Extra: true,
      },
    ],
    ['quantity 0', { GrundDaten: { KundNr: '10001' }, Positionen: [{ ArtNr: '1000', Menge: 0 }] }],
    [
      'one character too long',
      { GrundDaten: { KundNr: '123456789' }, Positionen: [{ ArtNr: '1234567890123456', Menge: 1 }] },
    ],
    ['no lines', { GrundDaten: { KundNr: '10001' }, Positionen: [] }],
    ['no body', undefined],
    ['an array', [1, 2]],
  ])('%s: the same status and body as POST, nothing written', async (_case, body) => {
    const before = await snapshot();
    const quoted = await quote(body);
    const posted = await post(body);
    expect([400, 422]).toContain(quoted.status);
    expect({ status: quoted.status, body: quoted.body }).toEqual({
      status: posted.status,
      body: posted.body,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('a body over the value bound: 413 as for POST', async () => {
    const lines = Array.from({ length: 999 }, () => ({
      ArtNr: '1000',
      Menge: 1,
      x: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    }));
    const body = { GrundDaten: { KundNr: '10001' }, Positionen: lines };
    const quoted = await quote(body).expect(413);
    const posted = await post(body).expect(413);
    expect(quoted.body).toEqual(posted.body);
  });

  it('needs a bearer token; the path answers POST only (405 with Allow, before authentication)', async () => {
    const res = await request(t.server).post('/www/auftrag/kalkulation').send(cart).parse(json).expect(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    for (const method of ['get', 'put', 'delete', 'patch'] as const) {
      const refused = await request(t.server)[method]('/www/auftrag/kalkulation').parse(json).expect(405);
      expect(refused.headers.allow).toBe('POST');
      expect(refused.body).toEqual({
        error: 'method_not_allowed',
        error_description: `${method.toUpperCase()} is not allowed on this path; it answers POST.`,
        info: { allowed: ['POST'] },
      });
    }
    // Order numbers are at most 10 characters, so no order is shadowed by the path.
    await get('100001').expect(200);
    await request(t.server).head('/www/auftrag/kalkulation').expect(405);
  });
});
