import iconv from 'iconv-lite';
import request from 'supertest';
import { bytes, createTestApp, json, TestApp } from './support/test-app';

/** superagent serialiser that sends already-encoded bytes unchanged (typed for strings only). */
const asIs = ((body: Buffer) => body) as unknown as (body: unknown) => string;

type Body = Record<string, unknown>;

describe('character set of requests and responses (D3)', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.token();
  });
  afterAll(async () => {
    await t.close();
  });

  const customer = (address: Body, kommentar: string): Body => ({
    GrundDaten: { WaehrAbk: 'EUR', FAKTZahlArt: 'L', Kommentar: kommentar },
    Adressen: {
      KontaktAdr: {
        AdrSprache: 'pol',
        AdrAnrede: 2,
        AdrAdresse1: 'ulica Piotrkowska 1',
        OrtLand: 'PL',
        OrtName: 'Łódź',
        OrtPLZ: '90-001',
        ...address,
      },
    },
  });

  async function contactAddressOf(debiNr: string): Promise<number> {
    const p = { postgres: '$1', mssql: '@0' }[t.dataSource.options.type as string] ?? '?';
    const [row] = await t.dataSource.query(`SELECT "KundKontakt" AS k FROM "Debitor" WHERE "DebiNr" = ${p}`, [
      debiNr,
    ]);
    return Number(row.k);
  }

  const rawGet = (path: string) => request(t.server).get(path).auth(token, { type: 'bearer' }).parse(bytes);

  it('UTF-8 body -> stored -> ISO-8859-1 response with \\u escapes -> the same text', async () => {
    const name = 'Zürich Łódź € – 東京';
    const created = await request(t.server)
      .post('/www/kunden')
      .auth(token, { type: 'bearer' })
      .set('Content-Type', 'application/json; charset=utf-8')
      .send(customer({ AdrFirma: name }, 'Grüße €'))
      .parse(json)
      .expect(201);
    const adrNr = await contactAddressOf(created.body.data.DebiNr);

    const res = await rawGet(`/www/adressen/${adrNr}`).expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=iso-8859-1');
    const body = res.body as Buffer;
    // Latin-1 characters are single bytes; everything else is an ASCII \uXXXX escape
    expect(body.includes(Buffer.from([0x5a, 0xfc, 0x72, 0x69, 0x63, 0x68]))).toBe(true); // "Zürich"
    expect(body.includes(Buffer.from('\\u0141\\u00f3d\\u017a', 'latin1'))).toBe(false); // ó is Latin-1
    expect(body.includes(Buffer.from('\\u0141', 'latin1'))).toBe(true);
    expect(body.includes(Buffer.from([0xf3]))).toBe(true); // ó
    expect(body.includes(Buffer.from('\\u017a \\u20ac \\u2013 \\u6771\\u4eac', 'latin1'))).toBe(true);
    expect(body.some((b) => b === 0xc3)).toBe(false); // no UTF-8 lead byte: the body is not UTF-8
    const decoded = JSON.parse(body.toString('latin1'));
    expect(decoded.data.AdrFirma).toBe(name);
    expect(decoded.data.OrtName).toBe('Łódź');

    const kunde = await rawGet(`/www/kunden/${created.body.data.DebiNr}`).expect(200);
    expect(kunde.headers['content-type']).toBe('application/json; charset=iso-8859-1');
    expect(JSON.parse((kunde.body as Buffer).toString('latin1')).data).toMatchObject({
      Kommentar: 'Grüße €',
      AdrSprache: 'pol',
    });
  });

  it('a windows-1252 body: byte 0x80 is the euro sign', async () => {
    const text = JSON.stringify(customer({ AdrFirma: 'Café € 100 – „Zürich“' }, 'Preis 5 €'));
    const encoded = iconv.encode(text, 'win1252');
    expect(encoded.includes(0x80)).toBe(true);
    const created = await request(t.server)
      .post('/www/kunden')
      .auth(token, { type: 'bearer' })
      .set('Content-Type', 'application/json; charset=windows-1252')
      .serialize(asIs)
      .send(encoded)
      .parse(json)
      .expect(201);
    const adrNr = await contactAddressOf(created.body.data.DebiNr);
    const res = await request(t.server)
      .get(`/www/adressen/${adrNr}`)
      .auth(token, { type: 'bearer' })
      .parse(json)
      .expect(200);
    expect(res.body.data.AdrFirma).toBe('Café € 100 – „Zürich“');
    const kunde = await request(t.server)
      .get(`/www/kunden/${created.body.data.DebiNr}`)
      .auth(token, { type: 'bearer' })
      .parse(json)
      .expect(200);
    expect(kunde.body.data.Kommentar).toBe('Preis 5 €');
  });

  it('an ISO-8859-1 body: umlauts arrive unchanged', async () => {
    const text = JSON.stringify(customer({ AdrFirma: 'Bäckerei Öztürk', OrtName: 'Zürich' }, 'Größe'));
    const created = await request(t.server)
      .post('/www/kunden')
      .auth(token, { type: 'bearer' })
      .set('Content-Type', 'application/json; charset=ISO-8859-1')
      .serialize(asIs)
      .send(Buffer.from(text, 'latin1'))
      .parse(json)
      .expect(201);
    const adrNr = await contactAddressOf(created.body.data.DebiNr);
    const res = await rawGet(`/www/adressen/${adrNr}`).expect(200);
    expect((res.body as Buffer).includes(Buffer.from('B\u00e4ckerei \u00d6zt\u00fcrk', 'latin1'))).toBe(true);
  });

  it('error bodies are ISO-8859-1 too', async () => {
    const res = await rawGet('/www/kunden/M%C3%BCller').expect(404);
    expect(res.headers['content-type']).toBe('application/json; charset=iso-8859-1');
    const body = res.body as Buffer;
    expect(body.includes(Buffer.from('M\u00fcller', 'latin1'))).toBe(true);
    expect(JSON.parse(body.toString('latin1')).info).toEqual({ DebiNr: 'Müller' });
  });
});

describe('character set: RESPONSE_CHARSET=utf-8', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RESPONSE_CHARSET: 'utf-8' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends UTF-8 bytes and declares them', async () => {
    const token = await t.token();
    const res = await request(t.server)
      .get('/www/kunden/10001')
      .auth(token, { type: 'bearer' })
      .parse(bytes)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((res.body as Buffer).includes(Buffer.from('Großhandel', 'utf8'))).toBe(true);
  });
});
