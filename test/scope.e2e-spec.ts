import request from 'supertest';
import { rawSql } from './support/raw-sql';
import { newCustomerBody, newOrderBody } from './support/fixtures';
import { createTestApp, json, scopeUsers, TestApp } from './support/test-app';

const newCustomer = newCustomerBody;
const order = newOrderBody;

/**
 * D12: a web-shop user reads, changes and orders for the customers of its web shop only; all else
 * is 404 as if it did not exist. Admins and users without a web-shop value see everything; only
 * admins write back-office fields. Demo user "demo" belongs to web shop SHOP, whose customers are
 * 10001 and 10002; "other" belongs to web shop OTHER; "erp-sync" has no web shop.
 */
describe('D12 object-level scoping', () => {
  let t: TestApp;
  const auth: Record<'demo' | 'other' | 'sync' | 'admin', string> = {
    demo: '',
    other: '',
    sync: '',
    admin: '',
  };
  const { p, q } = rawSql(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    Object.assign(auth, await scopeUsers(t));
  });
  afterAll(async () => {
    await t.close();
  });

  const as = (who: keyof typeof auth) => {
    const send = (method: 'post' | 'put' | 'patch') => (path: string, body: unknown) => {
      const agent = request(t.server);
      return agent[method](path)
        .set('Authorization', auth[who])
        .send(body as object)
        .parse(json);
    };
    return {
      get: (path: string) => request(t.server).get(path).set('Authorization', auth[who]).parse(json),
      post: send('post'),
      put: send('put'),
      patch: send('patch'),
    };
  };

  it('customers: another shop gets 404 exactly as for a customer that does not exist', async () => {
    await as('demo').get('/www/kunden/10001').expect(200);
    const hidden = await as('other').get('/www/kunden/10001').expect(404);
    const missing = await as('other').get('/www/kunden/99999').expect(404);
    expect(hidden.body).toEqual({
      error: 'not_found',
      error_description: 'Customer 10001 does not exist.',
      info: { DebiNr: '10001' },
    });
    expect(Object.keys(missing.body)).toEqual(Object.keys(hidden.body));
    const before = await q(`SELECT "Kommentar" FROM "Debitor" WHERE "DebiNr" = ${p(1)}`, ['10002']);
    await as('other').put('/www/kunden/10002', { Kommentar: 'fremd' }).expect(404);
    expect(await q(`SELECT "Kommentar" FROM "Debitor" WHERE "DebiNr" = ${p(1)}`, ['10002'])).toEqual(before);
    for (const who of ['sync', 'admin'] as const) await as(who).get('/www/kunden/10001').expect(200);
  });

  it('a created customer belongs to the creating web shop: its creator sees it, other shops do not', async () => {
    const res = await as('other').post('/www/kunden', newCustomer()).expect(201);
    const debiNr = res.body.data.DebiNr as string;
    expect(
      await q(`SELECT "PHKey", "Contents" FROM "Attribut" WHERE "ObjTyp" = 'DEBI' AND "ObjKey" = ${p(1)}`, [
        debiNr,
      ]),
    ).toEqual([{ PHKey: 'RESTWEBSHOP', Contents: 'OTHER' }]);
    await as('other').get(`/www/kunden/${debiNr}`).expect(200);
    await as('demo').get(`/www/kunden/${debiNr}`).expect(404);
    await as('sync').get(`/www/kunden/${debiNr}`).expect(200);
    // An integration user's customer belongs to no web shop.
    const bySync = await as('sync').post('/www/kunden', newCustomer()).expect(201);
    const [{ n }] = await q<{ n: unknown }>(
      `SELECT COUNT(*) AS "n" FROM "Attribut" WHERE "ObjTyp" = 'DEBI' AND "ObjKey" = ${p(1)}`,
      [bySync.body.data.DebiNr],
    );
    expect(Number(n)).toBe(0);
  });

  it('KreditLimit is written by role admin only: 403 naming the field for anyone else', async () => {
    for (const who of ['demo', 'sync'] as const) {
      const put = await as(who)
        .put('/www/kunden/10001', { GrundDaten: { KreditLimit: 999999 } })
        .expect(403);
      expect(put.body).toEqual({
        error: 'forbidden',
        error_description: 'Only role admin may set KreditLimit.',
        info: { fields: [{ field: 'GrundDaten.KreditLimit', message: 'reserved to role admin' }] },
      });
      const flat = await as(who).put('/www/kunden/10001', { KreditLimit: 1 }).expect(403);
      expect(flat.body.info.fields[0].field).toBe('KreditLimit');
      const post = await as(who)
        .post('/www/kunden', newCustomer({ KreditLimit: 100 }))
        .expect(403);
      expect(post.body.info.fields).toEqual([
        { field: 'GrundDaten.KreditLimit', message: 'reserved to role admin' },
      ]);
    }
    const [row] = await q<{ KreditLimit: unknown }>(
      `SELECT "KreditLimit" FROM "Debitor" WHERE "DebiNr" = ${p(1)}`,
      ['10001'],
    );
    expect(Number(row.KreditLimit)).toBe(5000);
    await as('admin').put('/www/kunden/10001', { KreditLimit: 6000 }).expect(204);
    await as('admin').put('/www/kunden/10001', { KreditLimit: 5000 }).expect(204);
  });

  it('KreditLimit null in a new customer means "not given": a web shop creates it with limit 0', async () => {
    const created = await as('demo')
      .post('/www/kunden', newCustomer({ KreditLimit: null }))
      .expect(201);
    const [row] = await q<{ KreditLimit: unknown }>(
      `SELECT "KreditLimit" FROM "Debitor" WHERE "DebiNr" = ${p(1)}`,
      [created.body.data.DebiNr],
    );
    expect(Number(row.KreditLimit)).toBe(0);
  });

  it('orders follow their customer: GET 404, POST as for an unknown customer, even a repeated AuftBestellNr', async () => {
    const created = await as('demo')
      .post('/www/auftrag', order('10001', { AuftBestellNr: 'SCOPE-1' }))
      .expect(201);
    const auftNr = created.body.data.AuftNr as string;
    await as('demo').get(`/www/auftrag/${auftNr}`).expect(200);
    const hidden = await as('other').get(`/www/auftrag/${auftNr}`).expect(404);
    expect(hidden.body).toEqual({
      error: 'not_found',
      error_description: `There is no order or offer ${auftNr}.`,
    });
    await as('sync').get(`/www/auftrag/${auftNr}`).expect(200);

    const [{ n: before }] = await q<{ n: unknown }>('SELECT COUNT(*) AS "n" FROM "Auftrag"');
    const refused = await as('other').post('/www/auftrag', order('10001')).expect(422);
    expect(refused.body.info.fields).toContainEqual({
      field: 'GrundDaten.KundNr',
      message: 'unknown customer "10001"',
    });
    // The duplicate check (KundNr + AuftBestellNr) does not reveal the other shop's order.
    const repeat = await as('other')
      .post('/www/auftrag', order('10001', { AuftBestellNr: 'SCOPE-1' }))
      .expect(422);
    expect(JSON.stringify(repeat.body)).not.toContain(auftNr);
    const [{ n: after }] = await q<{ n: unknown }>('SELECT COUNT(*) AS "n" FROM "Auftrag"');
    expect(Number(after)).toBe(Number(before));
  });

  it("offers: another shop's offer is 404; template offers without a customer stay usable by every shop", async () => {
    await as('other').get('/www/auftrag/500001').expect(404);
    const convert = await as('other')
      .put('/www/auftrag', { GrundDaten: { KundNr: '10001', OffertNr: '500001' } })
      .expect(404);
    expect(convert.body.error).toBe('not_found');
    await as('other').get('/www/auftrag/500002').expect(200);
    // A template offer, but for a customer of another shop: that customer is unknown to "other".
    const foreign = await as('other')
      .put('/www/auftrag', { GrundDaten: { KundNr: '10001', OffertNr: '500002' } })
      .expect(422);
    expect(foreign.body.info.fields).toEqual([
      { field: 'GrundDaten.KundNr', message: 'unknown customer "10001"' },
    ]);
    const [offer] = await q<{ FolgeAuftNr: unknown }>(
      `SELECT "FolgeAuftNr" FROM "Auftrag" WHERE "AuftNr" = ${p(1)}`,
      ['500001'],
    );
    expect(offer.FolgeAuftNr).toBeNull();
  });

  it('a template offer converted by one shop names the order to that shop only, never to another', async () => {
    const ownCustomer = (await as('other').post('/www/kunden', newCustomer()).expect(201)).body.data
      .DebiNr as string;
    const converted = await as('demo')
      .put('/www/auftrag', { GrundDaten: { KundNr: '10001', OffertNr: '500002' } })
      .expect(201);
    const auftNr = converted.body.data.AuftNr as string;
    const folge = async (who: keyof typeof auth) =>
      (await as(who).get('/www/auftrag/500002').expect(200)).body.data.GrundDaten.FolgeAuftNr as unknown;
    expect(await folge('demo')).toBe(auftNr);
    expect(await folge('sync')).toBe(auftNr);
    expect(await folge('admin')).toBe(auftNr);
    expect(await folge('other')).toBeNull();

    // A customer of another shop is refused as unknown before the offer's state is looked at.
    const foreign = await as('other')
      .put('/www/auftrag', { GrundDaten: { KundNr: '10001', OffertNr: '500002' } })
      .expect(422);
    expect(foreign.body).toEqual({
      error: 'unprocessable',
      error_description: 'The order refers to data that does not exist or cannot be used: GrundDaten.KundNr.',
      info: { fields: [{ field: 'GrundDaten.KundNr', message: 'unknown customer "10001"' }] },
    });
    // Its own customer learns that the offer is taken, not which order it became.
    const taken = await as('other')
      .put('/www/auftrag', { GrundDaten: { KundNr: ownCustomer, OffertNr: '500002' } })
      .expect(409);
    expect(taken.body).toEqual({
      error: 'conflict',
      error_description: 'Offer 500002 has already been converted into an order.',
      info: { AuftNr: null, OffertNr: '500002' },
    });
    const again = await as('demo')
      .put('/www/auftrag', { GrundDaten: { KundNr: '10002', OffertNr: '500002' } })
      .expect(409);
    expect(again.body.info).toEqual({ AuftNr: auftNr, OffertNr: '500002' });
  });

  it('addresses follow their customers: GET, PATCH and the customer list are 404 for another shop', async () => {
    const [c] = await q<{ KundKontakt: unknown }>(
      `SELECT "KundKontakt" FROM "Debitor" WHERE "DebiNr" = ${p(1)}`,
      ['10001'],
    );
    const adrNr = Number(c.KundKontakt);
    await as('demo').get(`/www/adressen/${adrNr}`).expect(200);
    const hidden = await as('other').get(`/www/adressen/${adrNr}`).expect(404);
    expect(hidden.body).toEqual({
      error: 'not_found',
      error_description: `Address ${adrNr} does not exist.`,
      info: { AdrNr: adrNr },
    });
    const before = await q(`SELECT "AdrFax" FROM "Adressen" WHERE "AdrNr" = ${p(1)}`, [adrNr]);
    await as('other').patch(`/www/adressen/${adrNr}`, { AdrFax: '+41 1 666' }).expect(404);
    expect(await q(`SELECT "AdrFax" FROM "Adressen" WHERE "AdrNr" = ${p(1)}`, [adrNr])).toEqual(before);
    await as('other').get('/www/adressen?debinr=10001').expect(404);
    await as('demo').get('/www/adressen?debinr=10001').expect(200);
    await as('sync').get(`/www/adressen/${adrNr}`).expect(200);
  });

  it('the address search answers as if customers of other shops did not exist', async () => {
    const found = await as('demo').get('/www/adressensuche?OrtName=Berlin').expect(200);
    expect(found.body.data.DebiNr).toBe('10002');
    const none = await as('other').get('/www/adressensuche?OrtName=Berlin').expect(404);
    expect(none.body).toEqual({
      error: 'not_found',
      error_description: 'No customer has an address matching the search.',
    });
    await as('admin').get('/www/adressensuche?OrtName=Berlin').expect(200);
  });

  it("articles: debinr of another shop's customer is answered as an unknown customer (no prices leak)", async () => {
    await as('demo').get('/www/artikel?limit=1&debinr=10001').expect(200);
    await as('sync').get('/www/artikel?limit=1&debinr=10001').expect(200);
    const unknown = (debiNr: string) => ({
      error: 'unprocessable',
      error_description: `Customer ${debiNr} does not exist.`,
      info: { fields: [{ field: 'debinr', message: `no customer with DebiNr ${debiNr}` }] },
    });
    for (const path of ['/www/artikel?limit=1&', '/www/artikel/1000?']) {
      const missing = await as('other').get(`${path}debinr=99999`).expect(422);
      expect(missing.body).toEqual(unknown('99999'));
      const hidden = await as('other').get(`${path}debinr=10001`).expect(422);
      expect(hidden.body).toEqual(unknown('10001'));
    }
  });
});
