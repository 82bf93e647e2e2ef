import 'reflect-metadata';
import { Parser } from 'node-sql-parser';
import { DataSource } from 'typeorm';
import { everyKindOfStep } from '../../test/support/adapter-calls';
import { Answer, recordingDatabase } from '../../test/support/recording-databases';
import {
  AddressEntity,
  CurrencyEntity,
  CustomerEntity,
  EventEntity,
  NumberRangeEntity,
  OrderEntity,
  OrderLineEntity,
} from '@app/erp-db';
import { ERP_MIGRATIONS } from '@app/erp-db/migrations';
import { DataSourceReader, ReadStatement, BulkReader } from './bulk-reader';
import { SqlArticleCatalogue } from '../articles/adapters/typeorm/sql-article-catalogue';
import { ArticleFilter, ArticleSort } from '../articles/ports/article-catalogue';
import { AppConfig, loadAppConfig } from '../common/config/app-config';
import { TypeOrmOutbox } from '../events/adapters/typeorm/typeorm-outbox';
import { TypeOrmAddressesRepository } from '../addresses/adapters/typeorm/typeorm-addresses.repository';
import { TypeOrmCustomersRepository } from '../customers/adapters/typeorm/typeorm-customers.repository';
import { TypeOrmOrderReferenceData } from '../orders/adapters/typeorm/typeorm-order-reference-data';
import { TypeOrmOrdersRepository } from '../orders/adapters/typeorm/typeorm-orders.repository';
import { SqlPriceSources } from '../pricing/adapters/typeorm/sql-price-sources';
import { SqlServerBatchWriter } from './batch-writer-adapters';

/** The SQL Server DataSource of recordingDatabase, its statements recorded and answered by `answer`. */
async function recordingSqlServer(
  // By default a read gives one empty row (as `dataSource.query` does here); a write, and a claim
  // of outbox rows (UPDLOCK), none.
  answer: Answer = (sql) => ({
    records: /^\s*SELECT/.test(sql) && !sql.includes('UPDLOCK') ? [{}] : [],
  }),
): Promise<{ dataSource: DataSource; sent: string[] }> {
  // The entities the tests write or read whole; their column types as on SQLite (DB_TYPE is not mssql here).
  return recordingDatabase('mssql', answer, [
    AddressEntity,
    EventEntity,
    NumberRangeEntity,
    OrderEntity,
    OrderLineEntity,
    CurrencyEntity,
    CustomerEntity,
  ]);
}

/**
 * node-sql-parser's T-SQL grammar lacks three things SQL Server has: the OUTPUT clause, named
 * DEFAULT constraints and LIKE ... ESCAPE. Those are taken apart: OUTPUT must be exactly
 * `OUTPUT INSERTED."col"[ AS "col"][, ...]` and is removed; the constraint name and the ESCAPE
 * character (always '!') are dropped. Everything else is parsed as sent.
 */
function parts(sql: string): string[] {
  const output = / OUTPUT INSERTED\."\w+"(?: AS "\w+")?(?:, INSERTED\."\w+"(?: AS "\w+")?)*/;
  // Named default constraints (TypeORM's DDL) and LIKE ... ESCAPE: the grammar has neither.
  const withoutOutput = sql
    .replace(output, '')
    .replace(/ CONSTRAINT "DF_\w+" DEFAULT /g, ' DEFAULT ')
    .replace(/ LIKE (@\d+) ESCAPE '!'/g, ' LIKE $1');
  if (/ OUTPUT /.test(withoutOutput)) throw new Error(`an OUTPUT clause of another form: ${sql}`);
  return [withoutOutput];
}

describe('SQL Server: every statement of the mssql path parses as T-SQL (node-sql-parser, transactsql)', () => {
  const parser = new Parser();
  // The parser is lenient with other dialects' syntax (it takes LIMIT): that is checked here.
  const foreign = /\bLIMIT\b|\bRETURNING\b|\bILIKE\b|FOR UPDATE|SKIP LOCKED|::\w|\|\||\bBOOLEAN\b|\bSERIAL\b/;
  const problems = (statements: string[]): string[] =>
    statements.flatMap((sql) =>
      (foreign.test(sql) ? [`syntax of another dialect: ${sql.slice(0, 300)}`] : []).concat(
        parts(sql).flatMap((part) => {
          try {
            parser.astify(part, { database: 'transactsql' });
            return [];
          } catch (error) {
            const at = (error as { location?: { start?: { offset?: number } } }).location?.start?.offset ?? 0;
            return [`${part.slice(Math.max(0, at - 120), at)} <HERE> ${part.slice(at, at + 60)}`];
          }
        }),
      ),
    );

  it('the migrations (DDL, rendered by TypeORM in SQL memory mode)', async () => {
    const runner = new DataSource({
      type: 'mssql',
      host: 'localhost',
      database: 'erp',
      username: 'sa',
      password: 'x',
    }).createQueryRunner();
    runner.enableSqlMemory();
    for (const Migration of ERP_MIGRATIONS) await new Migration().up(runner);
    const ddl = runner.getMemorySql().upQueries.map((query) => query.query);
    expect(ddl.length).toBeGreaterThan(40);
    expect(problems(ddl)).toEqual([]);
  });

  it('a batch of every kind of step: numbered, with generated keys, conditions and its outbox row', async () => {
    // Each statement changes one row; a number or generated key comes back as 7.
    const returned = / OUTPUT INSERTED\."(\w+)"|; SELECT "(\w+)"/;
    const { dataSource, sent } = await recordingSqlServer((sql) => {
      const column = returned.exec(sql);
      return { records: column ? [{ [column[1] ?? column[2]]: 7 }] : [], affected: 1 };
    });
    const written = await new SqlServerBatchWriter(dataSource).write(everyKindOfStep());
    expect(written).toEqual({ number: 7, counts: [1, 1, 1], keys: { a: 7 } });
    const statements = sent.map((sql) => sql.replace(/\s+/g, ' '));
    expect(statements).toEqual([
      'UPDATE "Nummernkreis" SET "LetzteNr" = "LetzteNr" + 1 WHERE "Name" = @0; SELECT "LetzteNr" FROM "Nummernkreis" WHERE "Name" = @0',
      expect.stringMatching(/^INSERT INTO "Adressen" \(.*\) OUTPUT INSERTED\."AdrNr" VALUES \(@0, /),
      'UPDATE "Adressen" SET "AdrName" = @0 WHERE "AdrNr" IN (@1, @2) AND "AdrFirma" IS NULL AND "ErfasstAm" < @3 AND "GeaendertAm" <= @4',
      'DELETE FROM "Adressen" WHERE "AdrNr" = @0 AND "AdrName" IS NOT NULL',
      'UPDATE "Nummernkreis" SET "LetzteNr" = "LetzteNr" + 1 WHERE "Name" = @0; SELECT "LetzteNr" FROM "Nummernkreis" WHERE "Name" = @0',
      expect.stringMatching(/^INSERT INTO "rest_event" \(.*\) VALUES \(@0, /),
    ]);
    expect(problems(sent)).toEqual([]);
  });

  it('number ranges, the outbox claims, price and order look-ups, article pages and streams', async () => {
    const { dataSource, sent } = await recordingSqlServer();
    const config: AppConfig = loadAppConfig({ DB_TYPE: 'mssql', DATABASE_URL: 'mssql://sa:x@localhost/erp' });
    /** The statements `work` sends, their white space collapsed to single spaces. */
    const sentBy = async (work: () => Promise<unknown>): Promise<string[]> => {
      const from = sent.length;
      await work();
      return sent.slice(from).map((sql) => sql.replace(/\s+/g, ' ').trim());
    };

    // No row comes back for the number range: the write stops after its first statement.
    const from = sent.length;
    await expect(
      new SqlServerBatchWriter(dataSource).write({ numberRange: 'AUFTRAG', steps: [] }),
    ).rejects.toThrow('Number range AUFTRAG does not exist');
    expect(sent.slice(from)).toEqual([
      'UPDATE "Nummernkreis" SET "LetzteNr" = "LetzteNr" + 1 WHERE "Name" = @0; SELECT "LetzteNr" FROM "Nummernkreis" WHERE "Name" = @0',
    ]);

    const batchWriter = new SqlServerBatchWriter(dataSource);
    const events = new TypeOrmOutbox(dataSource, batchWriter);
    const reader = new DataSourceReader(dataSource);
    const prices = new SqlPriceSources(dataSource, reader);
    const orders = new TypeOrmOrderReferenceData(dataSource, config);
    const orderRecords = new TypeOrmOrdersRepository(dataSource, batchWriter, config);
    const addresses = new TypeOrmAddressesRepository(dataSource, config, batchWriter);
    const customers = new TypeOrmCustomersRepository(dataSource, batchWriter, config);
    const at = new Date('2026-03-01T10:00:00.123Z');
    const readCustomer = {
      customer: {
        DebiNr: '10001',
        KundBez: 'Muster AG',
        WaehrAbk: 'CHF',
        BrancheID: null,
        Kommentar: null,
        VBTyp: null,
        TVTyp: null,
        FAKTZahlArt: 'L',
        AUFT_SPESEN: null,
        SteuerNummer: null,
        FirmenURL: null,
        KreditLimit: 5000,
        ZahlungsMethode: null,
        KundKontakt: 1,
        KundLief: 2,
        KundRech: 3,
        AdrSprache: 'ger',
      },
      attributes: [],
      changedAt: at,
    };
    const readAddress = {
      AdrNr: 7,
      AdrSprache: 'ger',
      EmailAdress: null,
      AdrAdresse1: 'Seestrasse 5',
      AdrAdresse2: null,
      AdrAnrede: 0,
      AdrFax: null,
      AdrFirma: 'Seeblick GmbH',
      AdrFirma2: null,
      AdrVorname: null,
      AdrName: null,
      AdrTelex: null,
      AdrTf1: null,
      AdrTf2: null,
      OrtLand: 'CH',
      OrtName: 'Thalwil',
      OrtPLZ: '8800',
    };
    // Two articles in all: a page of two is a run of the catalogue (its COUNT is sent all the same).
    const counting = {
      read: async (statements: ReadStatement[]) => {
        const rows = await reader.read(statements);
        return statements[0].sql.startsWith('SELECT COUNT(*)') ? [[[2]]] : rows;
      },
      keys: (statement: ReadStatement) => reader.keys(statement),
    } as BulkReader;
    const catalogue = new SqlArticleCatalogue(dataSource, counting, config);
    const filter: ArticleFilter = {
      language: 'ger',
      webshop: 'SHOP',
      activeOnly: true,
      modifiedSince: new Date(),
    };
    const needs = { attributes: true, stock: true, packaging: true };
    const byDescription: ArticleSort[] = [{ column: 'ArtBez', descending: false }];
    const wholeList = { ...filter, modifiedSince: null };
    const articleRows = /^SELECT a\."ArtNr" AS "ArtNr", a\."AnLager" AS "AnLager", .* FROM "Artikel" a /;
    // The web-shop test of a page's rows, taken from its attribute rows.
    const detailRows = /^SELECT 'A' AS "Kind", .* THEN 1 ELSE 0 END AS "R" FROM \(SELECT "ObjKey" AS "ArtNr"/;
    const changedSince =
      /a\."ArtNr" IN \(SELECT c1\."ArtNr" AS "ArtNr" FROM "Artikel" c1 WHERE c1\."GeaendertAm" >= @\d+ UNION/;
    // Each call and the statements it must send (each pattern matched by one of them).
    const calls: Array<[string, () => Promise<unknown>, RegExp[]]> = [
      [
        'fanOut',
        () => events.fanOut(100, []),
        [
          /^SELECT TOP \(@0\) "id", "event" FROM "rest_event" WITH \(UPDLOCK, READPAST, ROWLOCK\) WHERE "fanned_out" = 0 ORDER BY "id"$/,
        ],
      ],
      [
        'claimDue',
        () => events.claimDue(100, ['log', 'webhook'], 'instance-1', new Date(), new Date()),
        [
          /^UPDATE "rest_event_delivery" SET "lease_owner" = @\d+, "lease_until" = @\d+ OUTPUT INSERTED\."id" AS "id", .* WHERE "id" IN \(SELECT TOP \(@\d+\) "id" FROM "rest_event_delivery" WITH \(UPDLOCK, READPAST, ROWLOCK\) WHERE "status" = 'pending' .* ORDER BY "next_attempt_at", "id"\) AND "status" = 'pending' AND "next_attempt_at" <= @\d+ AND \("lease_until" IS NULL OR "lease_until" < @\d+\)/,
        ],
      ],
      [
        'renewLeases',
        () => events.renewLeases([1, 2], 'instance-1', new Date()),
        [
          /^UPDATE "rest_event_delivery" SET "lease_until" = @0 WHERE "id" IN \(@1, @2\) AND "lease_owner" = @3 AND "status" = 'pending'$/,
        ],
      ],
      [
        'candidateLists',
        () => prices.candidateLists('10001', 'EUR'),
        [/FROM "PreisListe" pl LEFT JOIN "Debitor" d ON d\."DebiNr" = @0 WHERE pl\."WaehrAbk" = @1 /],
      ],
      [
        'prices',
        () => prices.prices([1, 2], ['1000', '1001']),
        [/ FROM "Preis" WHERE "PreisListNr" IN \(@0, @1\) AND "ArtNr" IN \(@2, @3\)$/],
      ],
      [
        'lookUp',
        () => orders.lookUp('10001', 'SHOP-1', ['1000'], { articles: 'SHOP', customers: 'SHOP' }),
        [
          / LIKE @\d+ ESCAPE '!'\) > 0 THEN 1 ELSE 0 END AS "InScope", .* FROM \(SELECT 1 AS "one"\) x LEFT JOIN "Debitor" d ON d\."DebiNr" = @\d+ /,
        ],
      ],
      [
        'order read in a web shop',
        () => orderRecords.find('100001', 'SHOP'),
        [
          / FROM "Auftrag" o WHERE o\."AuftNr" = @0 AND \(o\."KundNr" IS NULL OR LTRIM\(RTRIM\(o\."KundNr"\)\) = '' OR \(SELECT COUNT\(\*\) FROM "Attribut" w /,
          / FROM "AuftragPos" l WHERE l\."AuftNr" = @0 ORDER BY l\."PosNr"$/,
          / FROM "AuftragAdr" r JOIN "Adressen" a ON a\."AdrNr" = r\."AdrNr" WHERE r\."AuftNr" = @0$/,
          / FROM "AuftragZahlung" p WHERE p\."AuftNr" = @0$/,
        ],
      ],
      [
        "a customer's addresses in a web shop",
        () => addresses.customerAddresses('10001', 'SHOP'),
        [
          / FROM "Debitor" d LEFT JOIN "Adressen" a ON a\."AdrNr" IN \(d\."KundKontakt", d\."KundLief", d\."KundRech"\) WHERE d\."DebiNr" = @0 AND \(SELECT COUNT/,
        ],
      ],
      [
        'customer read in a web shop',
        () => customers.find('10001', 'SHOP'),
        [
          / FROM "Debitor" d LEFT JOIN "Adressen" a .* LIKE @\d+ ESCAPE '!'\) > 0 ORDER BY t\."PHKey", t\."AttrID"$/,
        ],
      ],
      [
        // If-Match: the row as read, its stamp within the millisecond read, checked by the UPDATE itself.
        'conditional customer update',
        () => customers.update('10001', { Kommentar: 'neu' }, null, readCustomer).catch(() => undefined),
        [
          /^UPDATE "Debitor" SET "Kommentar" = @0, "GeaendertAm" = @1 WHERE "DebiNr" = @2 AND "KundBez" = @3 AND "WaehrAbk" = @4 AND "BrancheID" IS NULL AND .* AND "KundRech" = @\d+ AND "GeaendertAm" >= @\d+ AND "GeaendertAm" < @\d+$/,
        ],
      ],
      [
        'conditional address update',
        () =>
          addresses
            .update(7, { EmailAdress: 'neu@example.com' }, { address: readAddress, changedAt: at })
            .catch(() => undefined),
        [
          /^UPDATE "Adressen" SET "EmailAdress" = @0, "GeaendertAm" = @1 WHERE "AdrNr" = @2 AND "AdrSprache" = @3 AND "EmailAdress" IS NULL AND .* AND "GeaendertAm" >= @\d+ AND "GeaendertAm" < @\d+$/,
        ],
      ],
      ['taxCodes', () => orders.taxCodes(['1']), [/^SELECT "WUSTCode", "WUSTSatz", .* FROM "MWSTCode"$/]],
      [
        'referenceData',
        () => catalogue.referenceData('EUR', '10001'),
        [
          /^SELECT \(SELECT MIN\(f\."Leitwaehrung"\) FROM "Firma" f\) AS "leadingCurrency", .* AS "changed4"$/,
        ],
      ],
      [
        'changedArticles',
        () => catalogue.changedArticles(new Date()),
        [/^SELECT c1\."ArtNr" AS "ArtNr" FROM "Artikel" c1 WHERE c1\."GeaendertAm" >= @0 UNION /],
      ],
      ['rowsByNumbers', () => catalogue.rowsByNumbers(['1000'], filter), [articleRows, changedSince]],
      [
        'articles by numbers',
        () => catalogue.articles({ filter, sorts: [], numbers: ['1000', '1001'] }, 0, 2, needs),
        [articleRows, detailRows],
      ],
      [
        // A page of the default order: a range of the description index, its bounds spelled out.
        'articles of a run by description',
        () =>
          catalogue.articles(
            { filter: wholeList, sorts: byDescription, numbers: ['1000', '1001'] },
            0,
            2,
            needs,
          ),
        [
          /WHERE a\."ArtikelStatus" = 1 AND \(a\."ArtBez" > \(SELECT f\."ArtBez" FROM "Artikel" f WHERE f\."ArtNr" = @0\) OR /,
          detailRows,
        ],
      ],
      [
        'orderedNumbers',
        () => catalogue.orderedNumbers(filter, [{ column: 'ArtBez', descending: true }]),
        [/^SELECT a\."ArtNr" AS "ArtNr" FROM "Artikel" a WHERE .* ORDER BY a\."ArtBez" DESC, a\."ArtNr"$/],
      ],
      [
        'orderedNumbers of every web shop',
        () => catalogue.orderedNumbers({ ...filter, webshop: null }, []),
        [
          /^SELECT a\."ArtNr" AS "ArtNr" FROM "Artikel" a WHERE a\."ArtikelStatus" \+ 0 = 1 AND .* ORDER BY a\."ArtNr"$/,
        ],
      ],
    ];
    const missing: string[] = [];
    for (const [name, work, patterns] of calls) {
      const statements = await sentBy(work);
      if (statements.length === 0) missing.push(`${name}: sent no statement`);
      for (const pattern of patterns)
        if (!statements.some((sql) => pattern.test(sql)))
          missing.push(`${name}: no statement matches ${pattern}`);
    }
    expect(missing).toEqual([]);
    // Row values are not T-SQL.
    expect(sent.filter((sql) => sql.includes('(a."ArtBez", a."ArtNr")'))).toEqual([]);
    expect(problems(sent)).toEqual([]);
  });
});
