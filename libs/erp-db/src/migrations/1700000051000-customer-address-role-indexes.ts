import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * The address search goes from matching addresses to the customers that use them in a role
 * (contact, delivery, billing); without these indexes every hit would scan the customers.
 */
const INDEXES: Array<[table: string, name: string, columnNames: string[]]> = [
  ['Debitor', 'IX_Debitor_KundKontakt', ['KundKontakt']],
  ['Debitor', 'IX_Debitor_KundLief', ['KundLief']],
  ['Debitor', 'IX_Debitor_KundRech', ['KundRech']],
];

export class CustomerAddressRoleIndexes1700000051000 implements MigrationInterface {
  name = 'CustomerAddressRoleIndexes1700000051000';

  async up(q: QueryRunner): Promise<void> {
    // A bare Table spares createIndex reading the schema (and works in SQL memory mode).
    for (const [table, name, columnNames] of INDEXES)
      await q.createIndex(new Table({ name: table }), new TableIndex({ name, columnNames }));
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [table, name, columnNames] of [...INDEXES].reverse())
      await q.dropIndex(new Table({ name: table }), new TableIndex({ name, columnNames }));
  }
}
