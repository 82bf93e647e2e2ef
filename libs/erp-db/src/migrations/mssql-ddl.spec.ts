import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ERP_MIGRATIONS } from './index';

/**
 * SQL Server cannot run on the CI machines, so the migrations' SQL Server DDL is rendered
 * without a connection (TypeORM's SQL memory mode) and checked for the dialect's pitfalls.
 */
describe('migrations on SQL Server (rendered, not executed)', () => {
  let ddl: string[];

  beforeAll(async () => {
    const ds = new DataSource({
      type: 'mssql',
      host: 'localhost',
      database: 'erp',
      username: 'sa',
      password: 'unused',
    });
    const runner = ds.createQueryRunner();
    runner.enableSqlMemory();
    for (const Migration of ERP_MIGRATIONS) await new Migration().up(runner);
    ddl = runner.getMemorySql().upQueries.map((q) => q.query);
  });

  it('stores every string as unicode nvarchar and never uses text', () => {
    const all = ddl.join('\n');
    expect(all).toMatch(/"OrtName" nvarchar\(48\)/);
    expect(all).not.toMatch(/[^n]varchar\(/);
    expect(all).not.toMatch(/ text[ ,)]/);
    expect(all).toMatch(/"AMDText" nvarchar\(MAX\)/);
  });

  it('uses datetime2 for times, varbinary(max) for media and IDENTITY for generated keys', () => {
    const all = ddl.join('\n');
    expect(all).toMatch(/"AuftErf" datetime2 NOT NULL/);
    expect(all).toMatch(/"AMDBild" varbinary\(MAX\)/);
    expect(all).toMatch(/"AdrNr" int NOT NULL IDENTITY\(1,1\)/);
  });

  it('filters the unique indexes that must ignore NULLs (SQL Server treats NULLs as equal)', () => {
    expect(ddl).toContain(
      'CREATE UNIQUE INDEX "UQ_Auftrag_KundNr_BestellNr" ON "Auftrag" ("KundNr", "AuftBestellNr") WHERE "AuftBestellNr" IS NOT NULL AND "KundNr" IS NOT NULL',
    );
    expect(ddl).toContain(
      'CREATE UNIQUE INDEX "UQ_Auftrag_OffertNr" ON "Auftrag" ("OffertNr") WHERE "OffertNr" IS NOT NULL',
    );
  });

  it('creates every table and drops the outbox table that nothing wrote', () => {
    const tables = ddl
      .filter((q) => q.startsWith('CREATE TABLE'))
      .map((q) => /^CREATE TABLE "([^"]+)"/.exec(q)?.[1]);
    expect(tables).toHaveLength(29);
    expect(tables).toEqual(expect.arrayContaining(['rest_event', 'rest_event_delivery', 'rest_webhook']));
    expect(ddl).toContain('DROP TABLE rest_outbox');
  });

  it('indexes the search form of addresses through computed columns (no expression indexes there)', () => {
    expect(ddl).toContain('ALTER TABLE "Adressen" ADD "EmailAdress_Suche" AS LOWER(TRIM("EmailAdress"))');
    expect(ddl).toContain('CREATE INDEX "IX_Adressen_Suche_EmailAdress" ON "Adressen" ("EmailAdress_Suche")');
  });
});
