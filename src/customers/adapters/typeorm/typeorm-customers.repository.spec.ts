import { DataSource } from 'typeorm';
import { AppConfig } from '../../../common/config/app-config';
import { BatchResult, BatchWriter, WriteBatch } from '../../../database/batch-writer';
import { CUSTOMER_FIELDS } from '../../ports/customers.repository';
import { PREPARED_FIELD_SETS, TypeOrmCustomersRepository } from './typeorm-customers.repository';

/** Records every batch it is given; each writes its one row. */
class RecordingBatchWriter extends BatchWriter {
  readonly batches: WriteBatch[] = [];

  write(batch: WriteBatch): Promise<BatchResult> {
    this.batches.push(batch);
    return Promise.resolve({ number: null, counts: [1], keys: {} });
  }

  protected skipUsedNumber(): Promise<boolean> {
    return Promise.resolve(false);
  }
}

describe('TypeOrmCustomersRepository.update', () => {
  it('prepares the texts of the first field sets only, so that no client spends the prepared-text budget', async () => {
    const writes = new RecordingBatchWriter();
    const customers = new TypeOrmCustomersRepository({} as DataSource, writes, {} as AppConfig);
    // One more field set than are prepared, each a single field.
    const names = CUSTOMER_FIELDS.slice(0, PREPARED_FIELD_SETS + 1);
    for (const name of names) expect(await customers.update('10001', { [name]: 'x' }, null)).toBe(true);
    // A field set seen before keeps its prepared text; undefined fields are not part of the set.
    await customers.update('10001', { KundBez: 'y', Kommentar: undefined }, null);
    expect(writes.batches.map((b) => b.doNotPrepare)).toEqual([
      ...Array<boolean>(PREPARED_FIELD_SETS).fill(false),
      ...Array<boolean>(names.length - PREPARED_FIELD_SETS).fill(true),
      false,
    ]);
  });
});
