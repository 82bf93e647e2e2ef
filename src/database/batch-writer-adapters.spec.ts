import { DataSource } from 'typeorm';
import { erpDataSourceOptions, AddressEntity, OrderEntity, OrderPaymentEntity } from '@app/erp-db';
import { SqliteBatchWriter } from './batch-writer-adapters';

describe('batch statements from entity metadata', () => {
  let ds: DataSource;
  beforeAll(async () => {
    ds = await new DataSource(erpDataSourceOptions({ type: 'sqlite', path: ':memory:' })).initialize();
  });
  afterAll(async () => {
    await ds.destroy();
  });

  it('inserts every column but a generated key, one placeholder per value, values as the driver stores them', () => {
    const sql = new SqliteBatchWriter(ds);
    const params: unknown[] = [];
    const text = sql.insert(
      OrderPaymentEntity,
      [
        { AuftNr: '1', Key: '1', Bezeichnung: 'TransID', Wert: 'a' },
        { AuftNr: '1', Key: '2', Bezeichnung: 'Dienstleister', Wert: undefined },
      ],
      (value, column) => {
        params.push(sql.prepare(value, column));
        return '?';
      },
    );
    expect(text).toBe(
      'INSERT INTO "AuftragZahlung" ("AuftNr", "Key", "Bezeichnung", "Wert") VALUES (?, ?, ?, ?), (?, ?, ?, ?)',
    );
    expect(params).toEqual(['1', '1', 'TransID', 'a', '1', '2', 'Dienstleister', null]);
    const address = sql.insert(AddressEntity, [{ ErfasstAm: new Date('2026-03-01T10:00:00Z') }], () => 'x');
    expect(address).not.toContain('"AdrNr"');
    expect(sql.generatedKey(AddressEntity)).toBe('"AdrNr"');
    const when = sql.column(AddressEntity, 'ErfasstAm');
    expect(sql.prepare(new Date('2026-03-01T10:00:00Z'), when)).toBe('2026-03-01 10:00:00.000');
  });

  it('updates with IS NULL for a null condition', () => {
    const sql = new SqliteBatchWriter(ds);
    const text = sql.change(
      {
        kind: 'update',
        target: OrderEntity,
        set: { FolgeAuftNr: 'n' },
        where: { AuftNr: '500001', FolgeAuftNr: null },
      },
      () => '?',
    );
    expect(text).toBe('UPDATE "Auftrag" SET "FolgeAuftNr" = ? WHERE "AuftNr" = ? AND "FolgeAuftNr" IS NULL');
  });
});
