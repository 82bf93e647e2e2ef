import request from 'supertest';
import { ADDRESS_FIELD_LENGTHS, CUSTOMER_FIELD_LENGTHS } from '@app/erp-db';
import { OutboxWatch } from './support/outbox';
import { rawSql } from './support/raw-sql';
import { bytes, createTestApp, json, TestApp } from './support/test-app';

/** superagent serialiser that sends already-encoded bytes unchanged (typed for strings only). */
const asIs = ((body: Buffer) => body) as unknown as (body: unknown) => string;

const BASE = 'https://erp.example.com/api';

type Body = Record<string, unknown>;

const minimalAddress = (over: Body = {}): Body => ({
  AdrSprache: 'ger',
  AdrAnrede: 0,
  AdrAdresse1: 'Seestrasse 5',
  OrtLand: 'CH',
  OrtName: 'Thalwil',
  OrtPLZ: '8800',
  AdrFirma: 'Seeblick GmbH',
  ...over,
});

const minimalCustomer = (over: Body = {}, address: Body = {}): Body => ({
  GrundDaten: { WaehrAbk: 'CHF', FAKTZahlArt: 'L', ...over },
  Adressen: { KontaktAdr: minimalAddress(address) },
});

describe('customers: POST, GET, PUT /www/kunden', () => {
  let t: TestApp;
  let token: string;
  let adminToken: string;
  let events!: OutboxWatch;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_BASE_URL: BASE });
    token = await t.token('demo');
    adminToken = await t.token('admin');
    events = new OutboxWatch(t.dataSource, 'REST_Kunde');
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await events.reset();
  });

  const { p, q, count } = rawSql(() => t);
  const lastCustomerNumber = async (): Promise<number> =>
    Number(
      (await q<{ n: number }>(`SELECT "LetzteNr" AS n FROM "Nummernkreis" WHERE "Name" = 'DEBITOR'`))[0].n,
    );
  const customerRow = async (debiNr: string): Promise<Body> =>
    (await q<Body>(`SELECT * FROM "Debitor" WHERE "DebiNr" = ${p(1)}`, [debiNr]))[0];
  const addressRow = async (adrNr: unknown): Promise<Body> =>
    (await q<Body>(`SELECT * FROM "Adressen" WHERE "AdrNr" = ${p(1)}`, [adrNr]))[0];

  const post = (body: Body) =>
    request(t.server).post('/www/kunden').auth(token, { type: 'bearer' }).send(body).parse(json);
  const get = (path: string) => request(t.server).get(path).auth(token, { type: 'bearer' }).parse(json);
  const put = (debiNr: string, body: Body) =>
    request(t.server).put(`/www/kunden/${debiNr}`).auth(token, { type: 'bearer' }).send(body).parse(json);
  // KreditLimit is a back-office field: only role admin writes it (D12).
  const asAdmin = {
    post: (body: Body) =>
      request(t.server).post('/www/kunden').auth(adminToken, { type: 'bearer' }).send(body).parse(json),
    put: (debiNr: string, body: Body) =>
      request(t.server)
        .put(`/www/kunden/${debiNr}`)
        .auth(adminToken, { type: 'bearer' })
        .send(body)
        .parse(json),
  };

  /** Runs a request that must be refused and asserts that no customer, address or number was used. */
  async function expectNothingCreated(
    send: () => Promise<request.Response>,
    status: number,
  ): Promise<request.Response> {
    const before = [await count('Debitor'), await count('Adressen'), await lastCustomerNumber()];
    const res = await send();
    expect(res.status).toBe(status);
    expect([await count('Debitor'), await count('Adressen'), await lastCustomerNumber()]).toEqual(before);
    expect(await events.recorded()).toEqual([]);
    return res;
  }

  const fieldsOf = (res: request.Response): string[] =>
    [...new Set((res.body.info.fields as Array<{ field: string }>).map((f) => f.field))].sort();

  describe('authentication', () => {
    it.each([
      ['GET', '/www/kunden/10001'],
      ['POST', '/www/kunden'],
      ['PUT', '/www/kunden/10001'],
    ])('%s %s without a bearer token: 401', async (method, path) => {
      const agent = request(t.server);
      const call =
        method === 'GET' ? agent.get(path) : method === 'POST' ? agent.post(path) : agent.put(path);
      const res = await call.parse(json).expect(401);
      expect(res.body.error).toBe('unauthorized');
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    });
  });

  describe('POST /www/kunden', () => {
    it('creates a customer from a minimal body: number from DEBITOR, defaults, one address for all roles', async () => {
      const next = (await lastCustomerNumber()) + 1;
      const res = await post(minimalCustomer()).expect(201);
      expect(res.body).toEqual({ data: { DebiNr: String(next) } });
      expect(res.headers.location).toBe(`${BASE}/www/kunden/${next}`);
      expect(res.headers['content-type']).toBe('application/json; charset=iso-8859-1');
      expect(await lastCustomerNumber()).toBe(next);

      const c = await customerRow(String(next));
      expect(c).toMatchObject({
        WaehrAbk: 'CHF',
        FAKTZahlArt: 'L',
        KreditLimit: 0,
        ErfasstVon: 'demo',
        KundBez: 'Seeblick GmbH',
        ZahlungsMethode: null,
        Kommentar: null,
      });
      expect(c.KundLief).toBe(c.KundKontakt);
      expect(c.KundRech).toBe(c.KundKontakt);
      expect(await addressRow(c.KundKontakt)).toMatchObject({
        AdrSprache: 'ger',
        AdrAnrede: 0,
        AdrAdresse1: 'Seestrasse 5',
        AdrFirma: 'Seeblick GmbH',
        AdrName: null,
        EmailAdress: null,
        OrtLand: 'CH',
        OrtName: 'Thalwil',
        OrtPLZ: '8800',
        ErfasstVon: 'demo',
      });

      const read = await get(`/www/kunden/${next}`).expect(200);
      expect(read.body.data).toEqual({
        status: 0,
        WaehrAbk: 'CHF',
        BrancheID: null,
        AdrSprache: 'ger',
        KundLief: c.KundKontakt,
        KundRech: c.KundKontakt,
        KundKontakt: c.KundKontakt,
        KundBez: 'Seeblick GmbH',
        Kommentar: null,
        VBTyp: null,
        ZahlungsMethode: null,
        // D12: the customer belongs to the creating user's web shop.
        attributes: [{ PHKey: 'RESTWEBSHOP', Contents: 'SHOP' }],
        links: [{ href: `${BASE}/www/adressen?debinr=${next}`, type: 'GET', rel: 'adressen' }],
        Auftrag: [],
      });
    });

    it('creates a customer from a full body with three different addresses', async () => {
      const body = {
        GrundDaten: {
          WaehrAbk: 'EUR',
          FAKTZahlArt: 'B',
          AUFT_SPESEN: 'PAUSCHAL',
          VBTyp: 'DHL',
          TVTyp: 'VERS1',
          Kommentar: 'Neukunde aus dem Webshop',
          SteuerNummer: 'DE123456789',
          FirmenURL: 'www.beispiel.de',
          KreditLimit: 2500,
          ZahlungsMethode: 'K, R',
          KundBez: 'Schulz Handel',
          BrancheID: 'HANDEL',
        },
        Adressen: {
          KontaktAdr: {
            AdrSprache: 'ger',
            EmailAdress: 'info@schulz.de',
            AdrAdresse1: 'Marienplatz 1',
            AdrAdresse2: '3. Stock',
            AdrAnrede: '2',
            AdrFax: '+49 89 1',
            AdrFirma: 'Schulz Handel KG',
            AdrFirma2: 'Zentrale',
            AdrVorname: 'Eva',
            AdrName: 'Schulz',
            AdrTelex: '+49 170 1',
            AdrTf1: '+49 89 2',
            AdrTf2: '+49 89 3',
            OrtLand: 'DE',
            OrtName: 'München',
            OrtPLZ: '80331',
          },
          LiefAdr: minimalAddress({
            AdrFirma: 'Schulz Lager',
            OrtName: 'Bern',
            OrtPLZ: '3011',
            AdrSprache: 'fre',
          }),
          RechAdr: {
            ...minimalAddress({ AdrFirma: undefined, AdrName: 'Buchhaltung', AdrAnrede: 1 }),
            OrtLand: 'DE',
            OrtName: 'Köln',
            OrtPLZ: '50667',
          },
        },
      };
      const res = await asAdmin.post(body).expect(201);
      const debiNr = res.body.data.DebiNr as string;
      const c = await customerRow(debiNr);
      expect(c).toMatchObject({
        WaehrAbk: 'EUR',
        FAKTZahlArt: 'B',
        AUFT_SPESEN: 'PAUSCHAL',
        VBTyp: 'DHL',
        TVTyp: 'VERS1',
        Kommentar: 'Neukunde aus dem Webshop',
        SteuerNummer: 'DE123456789',
        FirmenURL: 'www.beispiel.de',
        KreditLimit: 2500,
        ZahlungsMethode: 'K,R',
        KundBez: 'Schulz Handel',
        BrancheID: 'HANDEL',
        ErfasstVon: 'admin',
      });
      expect(new Set([c.KundKontakt, c.KundLief, c.KundRech]).size).toBe(3);
      const { ErfasstVon, AdrAnrede, OrtName } = await addressRow(c.KundKontakt);
      expect({ ErfasstVon, AdrAnrede, OrtName }).toEqual({
        ErfasstVon: 'admin',
        AdrAnrede: 2,
        OrtName: 'München',
      });
      expect(await addressRow(c.KundLief)).toMatchObject({
        AdrFirma: 'Schulz Lager',
        AdrSprache: 'fre',
        OrtName: 'Bern',
      });
      expect(await addressRow(c.KundRech)).toMatchObject({
        AdrFirma: null,
        AdrName: 'Buchhaltung',
        AdrAnrede: 1,
      });

      // Created by an admin (no web shop): outside the demo shop's scope, read as admin.
      const read = await request(t.server)
        .get(`/www/kunden/${debiNr}`)
        .auth(adminToken, { type: 'bearer' })
        .parse(json)
        .expect(200);
      await get(`/www/kunden/${debiNr}`).expect(404);
      expect(read.body.data).toMatchObject({
        status: 1,
        WaehrAbk: 'EUR',
        BrancheID: 'HANDEL',
        AdrSprache: 'ger',
        KundKontakt: c.KundKontakt,
        KundLief: c.KundLief,
        KundRech: c.KundRech,
        KundBez: 'Schulz Handel',
        Kommentar: 'Neukunde aus dem Webshop',
        VBTyp: 'DHL',
        ZahlungsMethode: 'K,R',
      });
    });

    it('defaults only the missing role to the contact address', async () => {
      const body = minimalCustomer();
      (body.Adressen as Body).RechAdr = minimalAddress({ AdrFirma: 'Rechnungsstelle' });
      const res = await post(body).expect(201);
      const c = await customerRow(res.body.data.DebiNr);
      expect(c.KundLief).toBe(c.KundKontakt);
      expect(c.KundRech).not.toBe(c.KundKontakt);
      expect((await addressRow(c.KundRech)).AdrFirma).toBe('Rechnungsstelle');
    });

    it('takes AdrName without AdrFirma, AdrAnrede as numeric string, and a customer designation from the name', async () => {
      const res = await post(
        minimalCustomer({}, { AdrFirma: undefined, AdrVorname: 'Hans', AdrName: 'Muster', AdrAnrede: '1' }),
      ).expect(201);
      const c = await customerRow(res.body.data.DebiNr);
      expect(c.KundBez).toBe('Hans Muster');
      expect((await addressRow(c.KundKontakt)).AdrAnrede).toBe(1);
    });

    it('normalises codes: language T form and case, country case, currency case', async () => {
      const res = await post(
        minimalCustomer({ WaehrAbk: 'chf' }, { AdrSprache: 'DEU', OrtLand: 'ch' }),
      ).expect(201);
      const c = await customerRow(res.body.data.DebiNr);
      expect(c.WaehrAbk).toBe('CHF');
      expect(await addressRow(c.KundKontakt)).toMatchObject({ AdrSprache: 'ger', OrtLand: 'CH' });
    });

    it.each(['ger', 'fre', 'ita', 'eng', 'roh'])('accepts the language %s', async (lang) => {
      await post(minimalCustomer({}, { AdrSprache: lang })).expect(201);
    });

    describe('AdrCheck', () => {
      it('corrects the town of a Swiss address from the postal directory (check on by default for CH)', async () => {
        const res = await post(minimalCustomer({}, { OrtPLZ: '8001', OrtName: 'zurich' })).expect(201);
        const c = await customerRow(res.body.data.DebiNr);
        expect((await addressRow(c.KundKontakt)).OrtName).toBe('Zürich');
      });

      it('keeps the town as given with AdrCheck 0', async () => {
        const res = await post(
          minimalCustomer({}, { OrtPLZ: '8001', OrtName: 'zurich', AdrCheck: 0 }),
        ).expect(201);
        const c = await customerRow(res.body.data.DebiNr);
        expect((await addressRow(c.KundKontakt)).OrtName).toBe('zurich');
      });

      it('does not check addresses outside CH by default, but does with AdrCheck 1', async () => {
        const off = await post(
          minimalCustomer({}, { OrtLand: 'DE', OrtPLZ: '99999', OrtName: 'Irgendwo' }),
        ).expect(201);
        const c1 = await customerRow(off.body.data.DebiNr);
        expect((await addressRow(c1.KundKontakt)).OrtName).toBe('Irgendwo');

        const on = await post(
          minimalCustomer({}, { OrtLand: 'DE', OrtPLZ: '50667', OrtName: 'koeln', AdrCheck: 1 }),
        ).expect(201);
        const c2 = await customerRow(on.body.data.DebiNr);
        expect((await addressRow(c2.KundKontakt)).OrtName).toBe('Köln');
      });

      it('an unknown postal code with the check on is a 422 naming the address; nothing is created', async () => {
        const body = minimalCustomer();
        (body.Adressen as Body).LiefAdr = minimalAddress({ OrtPLZ: '9999', OrtName: 'Nirgendwo' });
        const res = await expectNothingCreated(() => post(body), 422);
        expect(res.body).toEqual({
          error: 'unprocessable',
          error_description: 'The customer cannot be created; see info.fields.',
          info: {
            fields: [
              {
                field: 'Adressen.LiefAdr.OrtPLZ',
                message: 'postal code "9999" is not in the postal directory of CH (AdrCheck)',
              },
            ],
          },
        });
      });

      it('reports an unknown currency and every unknown postal code at once', async () => {
        const body = minimalCustomer({ WaehrAbk: 'JPY' }, { OrtPLZ: '0000' });
        (body.Adressen as Body).RechAdr = minimalAddress({ OrtLand: 'DE', OrtPLZ: '12345', AdrCheck: 1 });
        const res = await expectNothingCreated(() => post(body), 422);
        expect(fieldsOf(res)).toEqual([
          'Adressen.KontaktAdr.OrtPLZ',
          'Adressen.RechAdr.OrtPLZ',
          'GrundDaten.WaehrAbk',
        ]);
      });
    });

    describe('invalid bodies are a 400 listing the fields, and create nothing', () => {
      const cases: Array<[string, Body, string[]]> = [
        ['no Adressen', { GrundDaten: { WaehrAbk: 'CHF', FAKTZahlArt: 'L' } }, ['Adressen']],
        ['no GrundDaten', { Adressen: { KontaktAdr: minimalAddress() } }, ['GrundDaten']],
        [
          'no KontaktAdr',
          { GrundDaten: { WaehrAbk: 'CHF', FAKTZahlArt: 'L' }, Adressen: {} },
          ['Adressen.KontaktAdr'],
        ],
        ['no FAKTZahlArt', minimalCustomer({ FAKTZahlArt: undefined }), ['GrundDaten.FAKTZahlArt']],
        ['no WaehrAbk', minimalCustomer({ WaehrAbk: undefined }), ['GrundDaten.WaehrAbk']],
        [
          'neither AdrFirma nor AdrName',
          minimalCustomer({}, { AdrFirma: undefined }),
          ['Adressen.KontaktAdr.AdrName'],
        ],
        [
          'blank AdrFirma and AdrName',
          minimalCustomer({}, { AdrFirma: ' ', AdrName: '' }),
          ['Adressen.KontaktAdr.AdrName'],
        ],
        [
          'AdrAnrede not numeric',
          minimalCustomer({}, { AdrAnrede: 'Herr' }),
          ['Adressen.KontaktAdr.AdrAnrede'],
        ],
        ['AdrAnrede out of range', minimalCustomer({}, { AdrAnrede: 3 }), ['Adressen.KontaktAdr.AdrAnrede']],
        ['AdrAnrede fraction', minimalCustomer({}, { AdrAnrede: 1.5 }), ['Adressen.KontaktAdr.AdrAnrede']],
        ['unknown language', minimalCustomer({}, { AdrSprache: 'xyz' }), ['Adressen.KontaktAdr.AdrSprache']],
        [
          'language as ISO 639-1',
          minimalCustomer({}, { AdrSprache: 'de' }),
          ['Adressen.KontaktAdr.AdrSprache'],
        ],
        ['unknown country', minimalCustomer({}, { OrtLand: 'XX' }), ['Adressen.KontaktAdr.OrtLand']],
        ['country alpha-3', minimalCustomer({}, { OrtLand: 'CHE' }), ['Adressen.KontaktAdr.OrtLand']],
        [
          'missing AdrAdresse1',
          minimalCustomer({}, { AdrAdresse1: undefined }),
          ['Adressen.KontaktAdr.AdrAdresse1'],
        ],
        ['missing OrtPLZ', minimalCustomer({}, { OrtPLZ: undefined }), ['Adressen.KontaktAdr.OrtPLZ']],
        ['number as text', minimalCustomer({}, { OrtPLZ: 8800 }), ['Adressen.KontaktAdr.OrtPLZ']],
        ['AdrCheck 2', minimalCustomer({}, { AdrCheck: 2 }), ['Adressen.KontaktAdr.AdrCheck']],
        ['unknown address field', minimalCustomer({}, { Strasse: 'x' }), ['Adressen.KontaktAdr.Strasse']],
        ['unknown GrundDaten field', minimalCustomer({ Rabatt: 5 }), ['GrundDaten.Rabatt']],
        ['unknown top-level field', { ...minimalCustomer(), Extra: 1 }, ['Extra']],
        ['ZahlungsMethode X', minimalCustomer({ ZahlungsMethode: 'K,X' }), ['GrundDaten.ZahlungsMethode']],
        [
          'ZahlungsMethode twice',
          minimalCustomer({ ZahlungsMethode: 'R,R' }),
          ['GrundDaten.ZahlungsMethode'],
        ],
        ['KreditLimit negative', minimalCustomer({ KreditLimit: -1 }), ['GrundDaten.KreditLimit']],
        ['KreditLimit as string', minimalCustomer({ KreditLimit: '100' }), ['GrundDaten.KreditLimit']],
        ['KreditLimit fraction', minimalCustomer({ KreditLimit: 10.5 }), ['GrundDaten.KreditLimit']],
        ['WaehrAbk not ISO 4217', minimalCustomer({ WaehrAbk: 'CH' }), ['GrundDaten.WaehrAbk']],
        ['FAKTZahlArt empty', minimalCustomer({ FAKTZahlArt: '' }), ['GrundDaten.FAKTZahlArt']],
        ['FAKTZahlArt two chars', minimalCustomer({ FAKTZahlArt: 'LB' }), ['GrundDaten.FAKTZahlArt']],
        [
          'an invalid delivery address',
          {
            ...minimalCustomer(),
            Adressen: { KontaktAdr: minimalAddress(), LiefAdr: minimalAddress({ OrtLand: 'ZZ' }) },
          },
          ['Adressen.LiefAdr.OrtLand'],
        ],
      ];
      it.each(cases)('%s', async (_name, body, fields) => {
        const res = await expectNothingCreated(() => post(body), 400);
        expect(res.body.error).toBe('invalid_request');
        expect(fieldsOf(res)).toEqual(fields);
      });

      it('an unknown currency is a 422', async () => {
        const res = await expectNothingCreated(() => post(minimalCustomer({ WaehrAbk: 'XAU' })), 422);
        expect(res.body.info.fields).toEqual([
          { field: 'GrundDaten.WaehrAbk', message: 'currency XAU is not known to the ERP' },
        ]);
      });
    });

    describe('length limits: n characters are stored unchanged, n+1 are a 400', () => {
      const grundDaten: Array<[string, number]> = (
        [
          'AUFT_SPESEN',
          'VBTyp',
          'TVTyp',
          'Kommentar',
          'SteuerNummer',
          'FirmenURL',
          'KundBez',
          'BrancheID',
        ] as const
      ).map((f) => [f, CUSTOMER_FIELD_LENGTHS[f]]);
      /** Every address text field but the two codes (AdrSprache, OrtLand: checked against lists). */
      const address: Array<[string, number]> = Object.entries(ADDRESS_FIELD_LENGTHS).filter(
        ([f]) => f !== 'AdrSprache' && f !== 'OrtLand',
      );
      /** n characters with umlauts and ß, so the limit counts characters, not bytes. */
      const fill = (n: number): string => 'ÄöüßÉ'.repeat(Math.ceil(n / 5)).slice(0, n);

      it('accepts every field at its maximum length and returns it unchanged', async () => {
        const g = Object.fromEntries(grundDaten.map(([f, n]) => [f, fill(n)]));
        const a = Object.fromEntries(address.map(([f, n]) => [f, fill(n)]));
        const res = await post({
          GrundDaten: { WaehrAbk: 'CHF', FAKTZahlArt: 'ß', ...g },
          Adressen: { KontaktAdr: { ...minimalAddress(), ...a, AdrCheck: 0 } },
        }).expect(201);
        const c = await customerRow(res.body.data.DebiNr);
        expect(c).toMatchObject({ ...g, FAKTZahlArt: 'ß' });
        expect(await addressRow(c.KundKontakt)).toMatchObject(a);
        const addr = await get(`/www/adressen/${c.KundKontakt}`).expect(200);
        expect(addr.body.data).toMatchObject(a);
      });

      it.each(grundDaten)('GrundDaten.%s over %i characters', async (field, n) => {
        const res = await expectNothingCreated(() => post(minimalCustomer({ [field]: fill(n + 1) })), 400);
        expect(res.body.info.fields).toEqual([
          {
            field: `GrundDaten.${field}`,
            message: `${field} must be shorter than or equal to ${n} characters`,
          },
        ]);
      });

      it.each(address)('Adressen.KontaktAdr.%s over %i characters', async (field, n) => {
        const res = await expectNothingCreated(
          () => post(minimalCustomer({}, { [field]: fill(n + 1), AdrCheck: 0 })),
          400,
        );
        expect(res.body.info.fields).toEqual([
          {
            field: `Adressen.KontaktAdr.${field}`,
            message: `${field} must be shorter than or equal to ${n} characters`,
          },
        ]);
      });

      it.each([
        ['GrundDaten.WaehrAbk', minimalCustomer({ WaehrAbk: 'CHFXX' })],
        ['Adressen.KontaktAdr.AdrSprache', minimalCustomer({}, { AdrSprache: 'gerxx' })],
        ['Adressen.KontaktAdr.OrtLand', minimalCustomer({}, { OrtLand: 'CHXXX' })],
      ])('%s (a code) over its column length', async (field, body) => {
        const res = await expectNothingCreated(() => post(body), 400);
        expect(fieldsOf(res)).toEqual([field]);
        expect(res.body.info.fields).toContainEqual(
          expect.objectContaining({ message: expect.stringMatching(/shorter than or equal to 4/) }),
        );
      });
    });

    describe('umlauts and ß round-trip in every text field', () => {
      const texts = {
        GrundDaten: {
          AUFT_SPESEN: 'Gebühr groß',
          VBTyp: 'Paket Ü',
          TVTyp: 'Versich. Ä',
          Kommentar: 'Grüße aus Zürich: Öl, Maß, Soße, Äpfel, ça va? – Ελλάδα €',
          SteuerNummer: 'CHE-ÄÖÜ',
          FirmenURL: 'www.müller.ch',
          KundBez: 'Müller & Söhne',
          BrancheID: 'GROSSHÄNDL',
        },
        KontaktAdr: {
          EmailAdress: 'jürgen.weiß@müller.ch',
          AdrAdresse1: 'Höhenstraße 12',
          AdrAdresse2: 'Hinterhof Süd',
          AdrFax: '+41 44 Fäx',
          AdrFirma: 'Müller & Söhne AG',
          AdrFirma2: 'Zweigstelle Öschberg',
          AdrVorname: 'Jürgen',
          AdrName: 'Weiß',
          AdrTelex: 'Natel Ä',
          AdrTf1: 'Tél. direkt',
          AdrTf2: 'Zentrale ß',
          OrtName: 'Zürich',
          OrtPLZ: '8001',
        },
      };
      const { Kommentar: withEuro, ...latin1GrundDaten } = texts.GrundDaten;
      const latin1Kommentar = withEuro.replace(/ – Ελλάδα €$/, '');

      async function expectStored(debiNr: string, grundDaten: Body): Promise<void> {
        const c = await customerRow(debiNr);
        expect(c).toMatchObject(grundDaten);
        expect(await addressRow(c.KundKontakt)).toMatchObject(texts.KontaktAdr);
        const read = await get(`/www/kunden/${debiNr}`).expect(200);
        expect(read.body.data).toMatchObject({
          KundBez: grundDaten.KundBez,
          BrancheID: grundDaten.BrancheID,
          Kommentar: grundDaten.Kommentar,
          VBTyp: grundDaten.VBTyp,
        });
        const addr = await get(`/www/adressen/${c.KundKontakt}`).expect(200);
        expect(addr.body.data).toMatchObject(texts.KontaktAdr);
      }

      it('in a UTF-8 body', async () => {
        const res = await post({
          GrundDaten: { WaehrAbk: 'CHF', FAKTZahlArt: 'L', ...texts.GrundDaten },
          Adressen: { KontaktAdr: { ...minimalAddress(), ...texts.KontaktAdr } },
        }).expect(201);
        await expectStored(res.body.data.DebiNr, texts.GrundDaten);
      });

      it('in an ISO-8859-1 body', async () => {
        const grundDaten = { ...latin1GrundDaten, Kommentar: latin1Kommentar };
        const body = JSON.stringify({
          GrundDaten: { WaehrAbk: 'CHF', FAKTZahlArt: 'L', ...grundDaten },
          Adressen: { KontaktAdr: { ...minimalAddress(), ...texts.KontaktAdr } },
        });
        const res = await request(t.server)
          .post('/www/kunden')
          .auth(token, { type: 'bearer' })
          .set('Content-Type', 'application/json; charset=iso-8859-1')
          .serialize(asIs)
          .send(Buffer.from(body, 'latin1'))
          .parse(json)
          .expect(201);
        await expectStored(res.body.data.DebiNr, grundDaten);
      });
    });
  });

  describe('GET /www/kunden/{DebiNr}', () => {
    it('returns customer 10001 with attributes, address keys and links (no orders without ?order)', async () => {
      const c = await customerRow('10001');
      const res = await get('/www/kunden/10001').expect(200);
      expect(res.headers['content-type']).toBe('application/json; charset=iso-8859-1');
      expect(res.body).toEqual({
        data: {
          status: 1,
          WaehrAbk: 'CHF',
          BrancheID: 'HANDEL',
          AdrSprache: 'ger',
          KundLief: c.KundLief,
          KundRech: c.KundRech,
          KundKontakt: c.KundKontakt,
          KundBez: 'Muster AG',
          Kommentar: null,
          VBTyp: 'POST',
          ZahlungsMethode: 'K,R',
          attributes: [
            { Contents: 'Großhandel', PHKey: 'KUNDENGRUPPE' },
            { Contents: 'SHOP', PHKey: 'RESTWEBSHOP' },
          ],
          links: [{ href: `${BASE}/www/adressen?debinr=10001`, type: 'GET', rel: 'adressen' }],
          Auftrag: [],
        },
      });
    });

    it('customer 10002: credit limit 0 gives status 0', async () => {
      const res = await get('/www/kunden/10002').expect(200);
      expect(res.body.data).toMatchObject({
        status: 0,
        WaehrAbk: 'EUR',
        AdrSprache: 'ger',
        attributes: [{ PHKey: 'RESTWEBSHOP', Contents: 'SHOP' }],
        Auftrag: [],
      });
    });

    const order = (AuftNr: string, PlanStatus: string, AuftErf: string) => ({
      PlanStatus,
      AuftErf,
      AuftNr,
      links: [{ href: `${BASE}/www/auftrag/${AuftNr}`, type: 'GET', rel: 'auftrag' }],
    });
    const o100001 = order('100001', 'N', '2026-01-08T08:00:00Z');
    const o100002 = order('100002', 'A', '2026-01-06T08:00:00Z');

    it.each([
      ['?order=5', [o100001, o100002]],
      ['?order=2', [o100001, o100002]],
      ['?order=1', [o100001]],
      ['?order=0', []],
      ['?order=1000', [o100001, o100002]],
      ['?order=5&status=N', [o100001]],
      ['?order=5&status=A', [o100002]],
      ['?order=5&status=O', []],
      ['?status=A', []],
    ])('%s lists the latest orders, newest first, never the offer 500001', async (query, expected) => {
      const res = await get(`/www/kunden/10001${query}`).expect(200);
      expect(res.body.data.Auftrag).toEqual(expected);
    });

    it.each([
      ['order=-1', 'order'],
      ['order=1.5', 'order'],
      ['order=abc', 'order'],
      ['order=', 'order'],
      ['order=1001', 'order'],
      ['order=1&order=2', 'order'],
      ['order=5&status=P', 'status'],
      ['order=5&status=n', 'status'],
      ['order=5&status=X', 'status'],
      ['order=5&foo=1', 'foo'],
    ])('?%s is a 400 naming %s', async (query, field) => {
      const res = await get(`/www/kunden/10001?${query}`).expect(400);
      expect(res.body.error).toBe('invalid_request');
      expect(fieldsOf(res)).toEqual([field]);
    });

    it.each([
      ['order=880.5', 'order must be a whole number from 0 to 1000'],
      ['order=abc', 'order must be a whole number from 0 to 1000'],
      ['order=1001', 'order must not be greater than 1000'],
    ])('?%s lists only the rule the value breaks', async (query, message) => {
      const res = await get(`/www/kunden/10001?${query}`).expect(400);
      expect(res.body.info.fields).toEqual([{ field: 'order', message }]);
    });

    it('unknown DebiNr: 404 with the error body', async () => {
      const res = await get('/www/kunden/99999').expect(404);
      expect(res.body).toEqual({
        error: 'not_found',
        error_description: 'Customer 99999 does not exist.',
        info: { DebiNr: '99999' },
      });
      await get('/www/kunden/123456789012').expect(404);
    });

    it('a DebiNr longer than the column (8 characters) is unknown to PUT as well: 404, nothing written, for any role', async () => {
      // Longer than the outbox's key column too, which the event of the write would have carried.
      const long = encodeURIComponent('𳌪\u0004󷖃Ú9𚗔Ü𿼺🏻ôpoWQ'.repeat(2));
      for (const send of [put, asAdmin.put]) {
        const res = await send(long, { BrancheID: 'xy' }).expect(404);
        expect(res.body).toMatchObject({ error: 'not_found' });
        await send('123456789', { BrancheID: 'xy' }).expect(404);
      }
    });
  });

  describe('PUT /www/kunden/{DebiNr}', () => {
    let debiNr: string;
    beforeAll(async () => {
      debiNr = (await post(minimalCustomer({ Kommentar: 'alt' }))).body.data.DebiNr;
      await asAdmin.put(debiNr, { KreditLimit: 100 }).expect(204);
    });

    it('updates the given GrundDaten fields (inside GrundDaten) and keeps the others: 204', async () => {
      const res = await asAdmin
        .put(debiNr, {
          GrundDaten: {
            KreditLimit: 0,
            VBTyp: 'EXPRESS',
            ZahlungsMethode: 'R',
            Kommentar: 'Geändert: Größe',
          },
        })
        .parse(bytes)
        .expect(204);
      expect(res.body).toEqual(Buffer.alloc(0));
      const read = await get(`/www/kunden/${debiNr}`).expect(200);
      expect(read.body.data).toMatchObject({
        status: 0,
        VBTyp: 'EXPRESS',
        ZahlungsMethode: 'R',
        Kommentar: 'Geändert: Größe',
        WaehrAbk: 'CHF',
        KundBez: 'Seeblick GmbH',
      });
      expect(await customerRow(debiNr)).toMatchObject({
        FAKTZahlArt: 'L',
        KreditLimit: 0,
        ErfasstVon: 'demo',
      });
    });

    it('takes the same fields at the top level; null clears an optional field', async () => {
      await asAdmin
        .put(debiNr, {
          WaehrAbk: 'EUR',
          FAKTZahlArt: 'B',
          Kommentar: null,
          TVTyp: 'T1',
          KreditLimit: 7,
        })
        .expect(204);
      expect(await customerRow(debiNr)).toMatchObject({
        WaehrAbk: 'EUR',
        FAKTZahlArt: 'B',
        Kommentar: null,
        TVTyp: 'T1',
        KreditLimit: 7,
      });
      expect((await get(`/www/kunden/${debiNr}`)).body.data.status).toBe(1);
    });

    it('an empty body changes nothing but still answers 204', async () => {
      const before = await customerRow(debiNr);
      await put(debiNr, {}).expect(204);
      const { GeaendertAm: _a, ...now } = await customerRow(debiNr);
      const { GeaendertAm: _b, ...was } = before;
      expect(now).toEqual(was);
    });

    it.each([
      [
        'both GrundDaten and top-level fields',
        { GrundDaten: { VBTyp: 'X' }, Kommentar: 'y' },
        ['GrundDaten'],
      ],
      ['an unknown field', { GrundDaten: { Rabatt: 1 } }, ['GrundDaten.Rabatt']],
      ['addresses (PATCH them instead)', { Adressen: {} }, ['Adressen']],
      ['WaehrAbk null', { WaehrAbk: null }, ['WaehrAbk']],
      ['KreditLimit null', { GrundDaten: { KreditLimit: null } }, ['GrundDaten.KreditLimit']],
      ['Kommentar too long', { Kommentar: 'x'.repeat(256) }, ['Kommentar']],
      ['ZahlungsMethode invalid', { ZahlungsMethode: 'Q' }, ['ZahlungsMethode']],
    ])('%s: 400, nothing changed, no event', async (_name, body, fields) => {
      const before = await customerRow(debiNr);
      const res = await put(debiNr, body).expect(400);
      expect(fieldsOf(res)).toEqual(fields);
      expect(await customerRow(debiNr)).toEqual(before);
      expect(await events.recorded()).toEqual([]);
    });

    it.each([['null'], [''], ['[]'], ['"x"']])('body %s: 400, no event', async (raw) => {
      const res = await request(t.server)
        .put(`/www/kunden/${debiNr}`)
        .auth(token, { type: 'bearer' })
        .set('Content-Type', 'application/json')
        .send(raw)
        .parse(json)
        .expect(400);
      expect(res.body.error).toBe('invalid_request');
      expect(await events.recorded()).toEqual([]);
    });

    it('an unknown currency: 422', async () => {
      const res = await put(debiNr, { GrundDaten: { WaehrAbk: 'XAU' } }).expect(422);
      expect(res.body.info.fields).toEqual([
        { field: 'GrundDaten.WaehrAbk', message: 'currency XAU is not known to the ERP' },
      ]);
    });

    it('unknown DebiNr: 404', async () => {
      const res = await put('99999', { Kommentar: 'x' }).expect(404);
      expect(res.body).toEqual({
        error: 'not_found',
        error_description: 'Customer 99999 does not exist.',
        info: { DebiNr: '99999' },
      });
      expect(await events.recorded()).toEqual([]);
    });
  });

  describe('REST_Kunde event', () => {
    const isoSecond = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

    it('is published after POST with {event, DebiNr, action, user, occurredAt}', async () => {
      const res = await post(minimalCustomer()).expect(201);
      expect(await events.recorded()).toEqual([
        {
          id: expect.stringMatching(/^\d{12}$/),
          event: 'REST_Kunde',
          DebiNr: res.body.data.DebiNr,
          action: 'created',
          user: 'demo',
          occurredAt: expect.stringMatching(isoSecond),
        },
      ]);
      expect(Math.abs(Date.parse((await events.recorded())[0].occurredAt) - Date.now())).toBeLessThan(60000);
    });

    it('is published after PUT with action updated and the acting user', async () => {
      const admin = await t.token('admin');
      await request(t.server)
        .put('/www/kunden/10002')
        .auth(admin, { type: 'bearer' })
        .send({ GrundDaten: { Kommentar: 'vom Admin' } })
        .expect(204);
      expect(await events.recorded()).toEqual([
        {
          id: expect.stringMatching(/^\d{12}$/),
          event: 'REST_Kunde',
          DebiNr: '10002',
          action: 'updated',
          user: 'admin',
          occurredAt: expect.stringMatching(isoSecond),
        },
      ]);
    });

    it('is not published when POST fails', async () => {
      await post(minimalCustomer({}, { OrtPLZ: '1111' })).expect(422);
      await post(minimalCustomer({}, { AdrSprache: 'xx' })).expect(400);
      expect(await events.recorded()).toEqual([]);
    });
  });

  describe('Idempotency-Key (D5: any POST/PUT)', () => {
    it('a repeated POST with the same key creates one customer and answers the same', async () => {
      const before = await count('Debitor');
      const send = () =>
        request(t.server)
          .post('/www/kunden')
          .auth(token, { type: 'bearer' })
          .set('Idempotency-Key', 'kunde-shop-4711')
          .send(minimalCustomer({}, { AdrFirma: 'Einmal AG' }))
          .parse(json);
      const first = await send().expect(201);
      const again = await send().expect(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers.location).toBe(first.headers.location);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await count('Debitor')).toBe(before + 1);
      expect(await events.recorded()).toHaveLength(1);
    });

    it('a repeated PUT with the same key is answered from the first one', async () => {
      const send = () =>
        request(t.server)
          .put('/www/kunden/10002')
          .auth(token, { type: 'bearer' })
          .set('Idempotency-Key', 'put-10002-1')
          .send({ Kommentar: 'einmal' });
      await send().expect(204);
      const again = await send().expect(204);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await events.recorded()).toHaveLength(1);
    });
  });

  describe('customer numbers under concurrency', () => {
    it('parallel POSTs get distinct consecutive numbers from the DEBITOR range', async () => {
      const first = (await lastCustomerNumber()) + 1;
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => post(minimalCustomer({}, { AdrFirma: `Parallel ${i}` }))),
      );
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
      const numbers = results.map((r) => Number(r.body.data.DebiNr)).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => first + i));
      expect(await lastCustomerNumber()).toBe(first + 7);
      for (const r of results) {
        const c = await customerRow(r.body.data.DebiNr);
        expect((await addressRow(c.KundKontakt)).AdrFirma).toMatch(/^Parallel \d$/);
      }
    });
  });
});

describe('customers: legacy list dates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LEGACY_LIST_DATES: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('renders AuftErf as Mon DD YYYY hh:mm:ss:mmmAM and links from the request host', async () => {
    const token = await t.token();
    const res = await request(t.server)
      .get('/www/kunden/10001?order=5')
      .auth(token, { type: 'bearer' })
      .parse(json)
      .expect(200);
    const host = `http://${res.request.url.split('/')[2]}`;
    expect(res.body.data.Auftrag).toEqual([
      {
        PlanStatus: 'N',
        AuftErf: 'Jan 08 2026 08:00:00:000AM',
        AuftNr: '100001',
        links: [{ href: `${host}/www/auftrag/100001`, type: 'GET', rel: 'auftrag' }],
      },
      {
        PlanStatus: 'A',
        AuftErf: 'Jan 06 2026 08:00:00:000AM',
        AuftNr: '100002',
        links: [{ href: `${host}/www/auftrag/100002`, type: 'GET', rel: 'auftrag' }],
      },
    ]);
  });
});
