import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * An article's attributes read from the index alone. The article record lists every attribute
 * with its AttrID, which `IX_Attribut_Owner_Contents` lacked: PostgreSQL fetched each attribute
 * row from the table (one random page per article of a cold page). With AttrID in the key it
 * answers from the index (an index-only scan once the table is vacuumed), which spares a cold
 * page's details statement a table page per article (docs/articles.md). SQLite (AttrID is the rowid) and SQL Server
 * (AttrID is the clustering key) carry the key in every index entry already; there the wider
 * index only replaces its prefix. It replaces IX_Attribut_Owner_Contents, its prefix, which
 * served the web-shop test as this one does.
 */
const attribut = () => new Table({ name: 'Attribut' });

const ownerContents = () =>
  new TableIndex({
    name: 'IX_Attribut_Owner_Contents',
    columnNames: ['ObjTyp', 'ObjKey', 'PHKey', 'Contents'],
  });

const ownerRecord = () =>
  new TableIndex({
    name: 'IX_Attribut_Owner_Record',
    columnNames: ['ObjTyp', 'ObjKey', 'PHKey', 'Contents', 'AttrID'],
  });

export class AttributeOwnerCoveringIndex1700000061000 implements MigrationInterface {
  name = 'AttributeOwnerCoveringIndex1700000061000';

  async up(q: QueryRunner): Promise<void> {
    await q.createIndex(attribut(), ownerRecord());
    await q.dropIndex(attribut(), ownerContents());
  }

  async down(q: QueryRunner): Promise<void> {
    await q.createIndex(attribut(), ownerContents());
    await q.dropIndex(attribut(), ownerRecord());
  }
}
