import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * The price tiers, covering, led by the price list instead of the article. A request asks for the
 * tiers of its candidate lists (one to three) only; led by the article, the index interleaves the
 * rows of every list there is, and a catalogue export in description order pulled all of them
 * through the page cache. Led by the list, it reads only the rows it wants: on the 100k seed a
 * cold export makes ~40k page reads instead of ~125k (docs/articles.md), and an ERP with
 * hundreds of customer lists gains more. Order creation (one article, its lists) seeks either way.
 */
const table = () => new Table({ name: 'Preis' });
const byArticle = () =>
  new TableIndex({
    name: 'IX_Preis_Artikel_Tiers',
    columnNames: ['ArtNr', 'PreisListNr', 'VPEinheit', 'AbAnzahl', 'BisAnzahl', 'PreisList', 'GeaendertAm'],
  });
const byList = () =>
  new TableIndex({
    name: 'IX_Preis_Liste_Artikel_Tiers',
    columnNames: ['PreisListNr', 'ArtNr', 'VPEinheit', 'AbAnzahl', 'BisAnzahl', 'PreisList', 'GeaendertAm'],
  });

export class PriceListTierIndex1700000052000 implements MigrationInterface {
  name = 'PriceListTierIndex1700000052000';

  async up(q: QueryRunner): Promise<void> {
    await q.createIndex(table(), byList());
    await q.dropIndex(table(), byArticle());
  }

  async down(q: QueryRunner): Promise<void> {
    await q.createIndex(table(), byArticle());
    await q.dropIndex(table(), byList());
  }
}
