import { DataSource } from 'typeorm';
import { erpDataSourceOptions } from '../data-source-options';
import { NumberRangeEntity, OrderEntity } from '../entities';
import { seedDemo } from './demo-seed';
import { generatedOrderNumber, OFFER_NUMBERS } from './demo-orders';

const FIXTURE_ORDERS = [100001, 100002, 500001, 500002, 500003];

describe('numbers of generated demo orders', () => {
  it('jumps from 500000 over the offer numbers, where the 399,998th order used to collide', () => {
    expect([399_996, 399_997, 399_998, 399_999].map(generatedOrderNumber)).toEqual([
      499_999, 500_000, 1_000_000, 1_000_001,
    ]);
  });

  it('keeps 600,000 orders apart from each other, the fixtures and the offer numbers', () => {
    const numbers = Array.from({ length: 600_000 }, (_, i) => generatedOrderNumber(i));
    expect(new Set(numbers).size).toBe(numbers.length);
    const taken = numbers.filter(
      (n) => FIXTURE_ORDERS.includes(n) || (n >= OFFER_NUMBERS.first && n <= OFFER_NUMBERS.last),
    );
    expect(taken).toEqual([]);
  });

  it('are the numbers a seeded database holds, and the order range continues after the last', async () => {
    const ds = await new DataSource(erpDataSourceOptions({ type: 'sqlite', path: ':memory:' })).initialize();
    try {
      await ds.runMigrations();
      await seedDemo(ds, { customers: 5, orders: 4 });
      const rows = await ds.getRepository(OrderEntity).find({ select: { AuftNr: true } });
      expect(rows.map((r) => Number(r.AuftNr)).sort((a, b) => a - b)).toEqual([
        100001, 100002, 100003, 100004, 100005, 100006, 500001, 500002, 500003,
      ]);
      const range = await ds.getRepository(NumberRangeEntity).findOneByOrFail({ Name: 'AUFTRAG' });
      expect(Number(range.LetzteNr)).toBe(100006);
    } finally {
      await ds.destroy();
    }
  });
});
