import { EventEmitter2 } from '@nestjs/event-emitter';
import request from 'supertest';
import { ErpEventPublisher } from '../src/events/erp-event-publisher';
import { CustomerEvent } from '../src/events/erp-events';
import { createTestApp, json, TestApp } from './support/test-app';

describe('events are bound to the company attribute (D10)', () => {
  let t: TestApp;
  const events: CustomerEvent[] = [];
  const newCustomer = {
    GrundDaten: { WaehrAbk: 'EUR', FAKTZahlArt: 'R' },
    Adressen: {
      KontaktAdr: {
        AdrSprache: 'ger',
        AdrAnrede: 2,
        AdrName: 'Schäfer',
        AdrAdresse1: 'Hauptstraße 5',
        OrtLand: 'DE',
        OrtName: 'Köln',
        OrtPLZ: '50667',
      },
    },
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.app.get(EventEmitter2).on('REST_Kunde', (e: CustomerEvent) => events.push(e));
  });
  afterAll(async () => {
    await t.close();
  });

  const create = async (): Promise<string> => {
    const res = await request(t.server)
      .post('/www/kunden')
      .auth(await t.token(), { type: 'bearer' })
      .send(newCustomer)
      .parse(json)
      .expect(201);
    return res.body.data.DebiNr;
  };

  it('fires REST_Kunde while the company carries RESTEVENTS', async () => {
    const debiNr = await create();
    expect(events).toEqual([
      {
        event: 'REST_Kunde',
        DebiNr: debiNr,
        action: 'created',
        user: 'demo',
        occurredAt: expect.stringMatching(/Z$/),
      },
    ]);
  });

  it('stays silent once the attribute is gone', async () => {
    await t.dataSource.query(`DELETE FROM "Attribut" WHERE "ObjTyp" = 'FIRM' AND "PHKey" = 'RESTEVENTS'`);
    await t.app.get(ErpEventPublisher).refreshSwitch();
    events.length = 0;
    await create();
    expect(events).toEqual([]);
  });
});
