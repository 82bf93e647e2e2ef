import request from 'supertest';
import { rawSql } from './support/raw-sql';
import { createTestApp, json, TestApp } from './support/test-app';
import { bodyRoutes, OpenApiDocument, WorstBody, worstBodies } from './support/worst-bodies';

jest.setTimeout(300_000);

/**
 * No body may cost more than the largest valid one: for every operation of the OpenAPI document
 * that takes a JSON body, its worst bodies within its byte limit (floods of values and keys,
 * arrays as long as the bytes allow or one over maxItems, unknown keys up to and past the values
 * a valid body can hold) are refused with
 * 413 or 400 and a short answer, before the validation works through them, and write nothing.
 */
describe('request bodies are bounded by their shape, not only by their bytes', () => {
  let t: TestApp;
  let token: string;
  let document: OpenApiDocument;
  const { q } = rawSql(() => t);
  const counts = async () =>
    Promise.all(
      ['Auftrag', 'Debitor', 'Adressen', 'rest_webhook'].map(async (table) =>
        Number((await q<{ n: unknown }>(`SELECT COUNT(*) AS n FROM "${table}"`))[0].n),
      ),
    );

  beforeAll(async () => {
    t = await createTestApp();
    // An admin may use every route (webhooks are not for web-shop users), so each reaches its body.
    token = await t.token('admin');
    document = (await request(t.server).get('/docs-json').expect(200)).body as OpenApiDocument;
  });
  afterAll(() => t.close());

  const limitOf = (operation: string) =>
    operation === 'POST /www/zugferd' ? t.config.zugferdBodyLimitBytes : t.config.bodyLimitBytes;

  const send = (worst: WorstBody) => {
    const { route } = worst;
    const req = request(t.server)[route.method as 'post'](route.url).set('Content-Type', 'application/json');
    if (route.auth === 'bearer') req.set('Authorization', `Bearer ${token}`);
    if (route.auth === 'basic') req.auth('demo', 'demo');
    return req.send(worst.body).parse(json);
  };

  it('finds the body routes of the document, each array with its maxItems', () => {
    const routes = bodyRoutes(document);
    expect(routes.map((r) => r.operation)).toEqual(
      expect.arrayContaining([
        'POST /www/auftrag',
        'PUT /www/auftrag',
        'POST /www/kunden',
        'PUT /www/kunden/{DebiNr}',
        'PATCH /www/adressen/{AdrNr}',
        'POST /www/webhooks',
        'POST /www/zugferd',
      ]),
    );
    const arrays = routes.flatMap((r) =>
      r.arrays.map((a) => [`${r.operation} ${a.path.join('.')}`, a.schema.maxItems]),
    );
    expect(arrays).toEqual(
      expect.arrayContaining([
        ['POST /www/auftrag Positionen', 999],
        ['POST /www/auftrag Zahlung', 999],
        ['PUT /www/auftrag Zahlung', 999],
        ['POST /www/webhooks events', 2],
      ]),
    );
    // An array field without a bound would let its items through to the validation one by one.
    for (const [name, maxItems] of arrays) expect([name, typeof maxItems]).toEqual([name, 'number']);
  });

  it('refuses the worst bodies of every route with 413 or 400, the D2 body and a short field list', async () => {
    const before = await counts();
    const seen: string[] = [];
    for (const route of bodyRoutes(document)) {
      for (const worst of worstBodies(route, document, limitOf(route.operation))) {
        expect(Buffer.byteLength(worst.body)).toBeLessThanOrEqual(limitOf(route.operation));
        const res = await send(worst);
        const label = `${route.operation}: ${worst.kind}`;
        seen.push(label);
        expect([label, res.status]).toEqual([label, worst.status]);
        expect([label, res.headers['content-type']]).toEqual([label, 'application/json; charset=iso-8859-1']);
        expect(JSON.stringify(res.body).length).toBeLessThan(12_000);
        if (route.operation === 'POST /www/zugferd') {
          // The e-invoice route's own body, as for its other refusals of the request itself.
          expect(res.body).toEqual({
            error: 'endpoint',
            error_description: expect.stringContaining('more than 16 JSON values'),
            info: { filename: 'input.pdf', subprocess_output: [expect.stringContaining('failed: ')] },
          });
          continue;
        }
        if (worst.status === 413) {
          expect([label, res.body]).toEqual([
            label,
            {
              error: 'payload_too_large',
              error_description: `The request body holds more than ${worst.maxValues ?? 20000} JSON values, more than any valid body of this endpoint.`,
            },
          ]);
          continue;
        }
        if (worst.description !== undefined) {
          expect([label, res.body]).toEqual([
            label,
            { error: 'invalid_request', error_description: worst.description },
          ]);
          continue;
        }
        const listed = Math.min(worst.problems!, 50);
        expect([label, res.body.error, res.body.error_description]).toEqual([
          label,
          'invalid_request',
          'The request is invalid; see info.fields.',
        ]);
        expect([label, res.body.info.fields.length]).toEqual([label, listed]);
        expect(res.body.info.fields[0]).toEqual(worst.problem);
        expect([label, res.body.info.fieldsOmitted]).toEqual([
          label,
          worst.problems! > 50 ? worst.problems! - 50 : undefined,
        ]);
      }
    }
    expect(seen.length).toBeGreaterThanOrEqual(30);
    expect(await counts()).toEqual(before);
  });

  it('340,000 empty Positionen (1 MB) is a 413 at once, not minutes of validation', async () => {
    const body = JSON.stringify({ GrundDaten: { KundNr: '10001' }, Positionen: Array(340_000).fill({}) });
    expect(body.length).toBeLessThan(t.config.bodyLimitBytes);
    const res = await request(t.server)
      .post('/www/auftrag')
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/json')
      .send(body)
      .parse(json)
      .expect(413);
    expect(res.body).toEqual({
      error: 'payload_too_large',
      error_description:
        'The request body holds more than 20000 JSON values, more than any valid body of this endpoint.',
    });
  });

  it("a body within the values budget but over the DTO's is a 413 naming the DTO's figure", async () => {
    const res = await request(t.server)
      .patch('/www/adressen/1')
      .set('Authorization', `Bearer ${token}`)
      .send({
        AdrName: [
          'a',
          'b',
          'c',
          'd',
          'e',
          'f',
          'g',
          'h',
          'i',
          'j',
          'k',
          'l',
          'm',
          'n',
          'o',
          'p',
          'q',
          'r',
          's',
        ],
      })
      .parse(json)
      .expect(413);
    expect(res.body).toEqual({
      error: 'payload_too_large',
      error_description:
        'The request body holds more than 19 JSON values, more than any valid body of this endpoint.',
    });
  });

  it('1,000 invalid lines: every problem is counted, the first 50 listed, the rest in fieldsOmitted', async () => {
    const res = await request(t.server)
      .post('/www/auftrag')
      .set('Authorization', `Bearer ${token}`)
      .send({ GrundDaten: { KundNr: '10001' }, Positionen: Array(999).fill({ ArtNr: 7, Menge: 'x' }) })
      .parse(json)
      .expect(400);
    expect(res.body.info.fields).toHaveLength(50);
    expect(res.body.info.fields[0]).toEqual({ field: 'Positionen[0].ArtNr', message: expect.any(String) });
    expect(res.body.info.fields.length + res.body.info.fieldsOmitted).toBeGreaterThanOrEqual(999 * 2);
  });

  it('a valid order of 999 lines and 999 payments still goes through', async () => {
    const res = await request(t.server)
      .post('/www/auftrag')
      .set('Authorization', `Bearer ${token}`)
      .send({
        GrundDaten: { KundNr: '10001' },
        Positionen: Array(999).fill({ ArtNr: '1000', Menge: 1 }),
        Zahlung: Array(999).fill({ Bezeichnung: 'TransID', Wert: 'x' }),
      })
      .parse(json);
    expect(res.status).toBe(201);
  });
});
