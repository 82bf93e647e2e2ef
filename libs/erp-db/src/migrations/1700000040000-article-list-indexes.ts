import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * Indexes of the article list: the active catalogue in description order without touching the
 * table, the web-shop attribute test without a row lookup, and the delta sync (modifiedsince)
 * from the change time of every table that feeds an article record.
 */
const INDEXES: Array<[table: string, name: string, columns: string[]]> = [
  ['Artikel', 'IX_Artikel_Status_ArtBez', ['ArtikelStatus', 'ArtBez', 'ArtNr']],
  ['Attribut', 'IX_Attribut_Owner_Contents', ['ObjTyp', 'ObjKey', 'PHKey', 'Contents']],
  ['Preis', 'IX_Preis_GeaendertAm', ['GeaendertAm', 'ArtNr']],
  ['Lagerbestand', 'IX_Lagerbestand_Geaendert_ArtNr', ['GeaendertAm', 'ArtNr']],
  ['Reservierung', 'IX_Reservierung_GeaendertAm', ['GeaendertAm', 'ArtNr']],
  ['ArtikelVPE', 'IX_ArtikelVPE_GeaendertAm', ['GeaendertAm', 'ArtNr']],
];

export class ArticleListIndexes1700000040000 implements MigrationInterface {
  name = 'ArticleListIndexes1700000040000';

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
