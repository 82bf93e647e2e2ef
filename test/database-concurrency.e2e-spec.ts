import request from 'supertest';
import { AddressEntity } from '@app/erp-db';
import { BatchStep, BatchWriter } from '../src/database/batch-writer';
import { createTestApp, json, TestApp } from './support/test-app';

/**
 * Transactions must not leak into each other under concurrency, on every database. Every
 * transaction of the service is a batch-writer batch; on SQLite (one connection shared by all of
 * TypeORM's statements) the batch runs synchronously on a connection of its own, so a concurrent
 * request's statement can neither land in it nor be rolled back with it.
 */
describe('concurrent transactions and plain writes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const address = (tag: string): Partial<AddressEntity> => ({
    AdrName: tag,
    AdrAnrede: 0,
    OrtLand: 'CH',
    ErfasstAm: new Date(),
    GeaendertAm: new Date(),
  });
  const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

  it('commits and rolls back each transaction on its own, and keeps every plain write', async () => {
    const repo = t.dataSource.getRepository(AddressEntity);
    const writes = t.app.get(BatchWriter);
    // An update that finds no row fails the batch after its two inserts.
    const failing: BatchStep = {
      kind: 'update',
      target: AddressEntity,
      set: { AdrName: 'never' },
      where: { AdrName: 'no such address' },
      expectRows: 1,
      otherwise: () => new Error('rolled back on purpose'),
    };
    const transactions = Array.from({ length: 12 }, async (_, i) => {
      await pause(i % 5);
      return writes
        .write({
          steps: [
            { kind: 'insert', target: AddressEntity, rows: [address(`tx-${i}-a`)] },
            { kind: 'insert', target: AddressEntity, rows: [address(`tx-${i}-b`)] },
            ...(i % 2 === 1 ? [failing] : []),
          ],
        })
        .then(
          () => 'committed',
          () => 'rolled back',
        );
    });
    const plain = Array.from({ length: 12 }, async (_, i) => {
      await pause(i);
      await repo.insert(address(`plain-${i}`));
    });
    const outcomes = await Promise.all(transactions);
    await Promise.all(plain);

    expect(outcomes).toEqual(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 1 ? 'rolled back' : 'committed')),
    );
    const names = (await repo.find({ select: ['AdrName'] })).map((a) => a.AdrName);
    for (let i = 0; i < 12; i++) {
      const expected = i % 2 === 1 ? 0 : 1;
      expect([`tx-${i}`, names.filter((n) => n === `tx-${i}-a`).length]).toEqual([`tx-${i}`, expected]);
      expect(names.filter((n) => n === `tx-${i}-b`)).toHaveLength(expected);
      expect(names.filter((n) => n === `plain-${i}`)).toHaveLength(1);
    }
  });

  it('reports the step that failed, rolls back the rest and reports what each step wrote', async () => {
    const repo = t.dataSource.getRepository(AddressEntity);
    const writes = t.app.get(BatchWriter);
    const failsAs = (name: string): BatchStep => ({
      kind: 'update',
      target: AddressEntity,
      set: { AdrName: 'never' },
      where: { AdrName: `no address ${name}` },
      expectRows: name === 'first' ? 0 : 1,
      otherwise: () => new Error(`step ${name} failed`),
    });
    await expect(
      writes.write({
        steps: [
          { kind: 'insert', target: AddressEntity, rows: [address('steps-a')], name: 'a' },
          failsAs('first'),
          failsAs('second'),
        ],
      }),
    ).rejects.toThrow('step second failed');
    expect(await repo.countBy({ AdrName: 'steps-a' })).toBe(0);

    // A step sees the rows as they were before the batch (PostgreSQL writes it as one statement).
    await repo.insert([address('steps-b'), address('steps-b')]);
    const written = await writes.write({
      steps: [
        { kind: 'insert', target: AddressEntity, rows: [address('steps-x'), address('steps-x')] },
        { kind: 'insert', target: AddressEntity, rows: [address('steps-c')], name: 'c' },
        { kind: 'update', target: AddressEntity, set: { AdrName: 'steps-d' }, where: { AdrName: 'steps-b' } },
      ],
    });
    const c = await repo.findOneByOrFail({ AdrName: 'steps-c' });
    expect(written).toEqual({ number: null, counts: [2, 1, 2], keys: { c: c.AdrNr } });
  });

  it('issues tokens that all work while customer transactions run and fail', async () => {
    const admin = await t.token('admin');
    const customer = (ok: boolean) => ({
      GrundDaten: { WaehrAbk: 'CHF', FAKTZahlArt: 'R' },
      Adressen: {
        KontaktAdr: {
          AdrSprache: 'ger',
          AdrAnrede: 0,
          AdrFirma: 'Parallel AG',
          AdrAdresse1: 'Seestrasse 1',
          OrtLand: 'CH',
          OrtName: 'Zürich',
          OrtPLZ: ok ? '8002' : '0000',
        },
      },
    });
    const posts = Array.from({ length: 10 }, (_, i) =>
      request(t.server)
        .post('/www/kunden')
        .auth(admin, { type: 'bearer' })
        .send(customer(i % 3 !== 0))
        .parse(json),
    );
    const tokens = Array.from({ length: 4 }, () =>
      request(t.server).post('/www/token').auth('demo', 'demo').parse(json),
    );
    const [created, issued] = await Promise.all([Promise.all(posts), Promise.all(tokens)]);

    expect(created.map((r) => r.status)).toEqual(
      Array.from({ length: 10 }, (_, i) => (i % 3 !== 0 ? 201 : 422)),
    );
    const numbers = created.filter((r) => r.status === 201).map((r) => r.body.data.DebiNr);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const res of issued) {
      expect(res.status).toBe(200);
      await request(t.server)
        .get('/www/kunden/10001')
        .auth(res.body.access_token, { type: 'bearer' })
        .expect(200);
    }
  });
});
