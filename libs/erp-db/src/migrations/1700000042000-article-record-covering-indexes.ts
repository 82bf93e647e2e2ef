import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * Reading the whole catalogue (limit=0 export, first sync) without a row lookup per article:
 * the active catalogue in description order with every column of an article row, and stock
 * with its quantity, which spares a cold export the row lookups (docs/articles.md). The covering index replaces IX_Artikel_Status_ArtBez, its prefix.
 */
const artikel = () => new Table({ name: 'Artikel' });
const lagerbestand = () => new Table({ name: 'Lagerbestand' });

const statusArtBez = () =>
  new TableIndex({ name: 'IX_Artikel_Status_ArtBez', columnNames: ['ArtikelStatus', 'ArtBez', 'ArtNr'] });

const articleRecord = () =>
  new TableIndex({
    name: 'IX_Artikel_Status_ArtBez_Record',
    columnNames: [
      'ArtikelStatus',
      'ArtBez',
      'ArtNr',
      'AnLager',
      'Einheit',
      'Farbe',
      'WUSTCode',
      'GeaendertAm',
      'ArtGruppe',
      'HatVPE',
      'ArtKlasse',
      'BeschaffungsArt',
      'VerarbeitungsArt',
    ],
  });

const stockQuantity = () =>
  new TableIndex({
    name: 'IX_Lagerbestand_Artikel_Bestand',
    columnNames: ['ArtNr', 'StaoNr', 'LagerOrt', 'Bestand'],
  });

export class ArticleRecordCoveringIndexes1700000042000 implements MigrationInterface {
  name = 'ArticleRecordCoveringIndexes1700000042000';

  async up(q: QueryRunner): Promise<void> {
    await q.createIndex(artikel(), articleRecord());
    await q.dropIndex(artikel(), statusArtBez());
    await q.createIndex(lagerbestand(), stockQuantity());
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex(lagerbestand(), stockQuantity());
    await q.createIndex(artikel(), statusArtBez());
    await q.dropIndex(artikel(), articleRecord());
  }
}
