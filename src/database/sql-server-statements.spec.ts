import 'reflect-metadata';
import { Parser } from 'node-sql-parser';
import { Readable } from 'node:stream';
import { DataSource, EntityManager } from 'typeorm';
import { ERP_MIGRATIONS } from '@app/erp-db/migrations';
import { DataSourceReader } from './sql-reader';
import { TypeOrmArticleCatalogue } from '../articles/adapters/typeorm/typeorm-article-catalogue';
import { ArticleFilter, ArticleSort } from '../articles/ports/article-catalogue';
import { AppConfig, loadAppConfig } from '../common/config/app-config';
import { TypeOrmEventStore } from '../events/adapters/typeorm/typeorm-event-store';
import { TypeOrmOrderReferenceData } from '../orders/adapters/typeorm/typeorm-order-reference-data';
import { TypeOrmPriceSources } from '../pricing/adapters/typeorm/typeorm-price-sources';
import { SqlServerUnitOfWork } from './sql-server-unit-of-work';

/**
 * A SQL Server DataSource that never connects: every statement the adapters send is recorded
 * (and answered with no rows), so the SQL of the mssql path can be checked without a server.
 */
function recordingSqlServer(): { dataSource: DataSource; sent: string[] } {
  const sent: string[] = [];
  const dataSource = new DataSource({
    type: 'mssql',
    host: 'localhost',
    database: 'erp',
    username: 'sa',
    password: 'x',
  });
  const record = (sql: string) => {
    sent.push(sql);
    return Promise.resolve([]);
  };
  const runner = {
    query: (sql: string) => record(sql).then(() => ({ records: [] })),
    stream: (sql: string) => record(sql).then(() => Readable.from([])),
    release: () => Promise.resolve(),
  };
  Object.assign(dataSource, {
    query: (sql: string) => record(sql).then(() => [{}]),
    createQueryRunner: () => runner,
    transaction: (work: (m: EntityManager) => Promise<unknown>) => work(dataSource.manager),
  });
  return { dataSource, sent };
}

/**
 * node-sql-parser's T-SQL grammar lacks four things SQL Server has: the OUTPUT clause, a CTE in
 * front of UPDATE, named DEFAULT constraints and LIKE ... ESCAPE. Those are taken apart: OUTPUT
 * must be exactly `OUTPUT INSERTED."col"[, ...]` and is removed; `WITH "c" AS (<select>) UPDATE
 * "c" ...` is parsed as the SELECT and the UPDATE; the constraint name and the ESCAPE character
 * (always '!') are dropped. Everything else is parsed as sent.
 */
function parts(sql: string): string[] {
  const output = / OUTPUT INSERTED\."\w+"(?:, INSERTED\."\w+")*/;
  // Named default constraints (TypeORM's DDL) and LIKE ... ESCAPE: the grammar has neither.
  const withoutOutput = sql
    .replace(output, '')
    .replace(/ CONSTRAINT "DF_\w+" DEFAULT /g, ' DEFAULT ')
    .replace(/ LIKE (@\d+) ESCAPE '!'/g, ' LIKE $1');
  if (/ OUTPUT /.test(withoutOutput)) throw new Error(`an OUTPUT clause of another form: ${sql}`);
  const cte = /^WITH "(\w+)" AS \((.*)\) (UPDATE "\1" .*)$/s.exec(withoutOutput);
  return cte ? [cte[2], cte[3]] : [withoutOutput];
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
    const { dataSource } = recordingSqlServer();
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
    expect(dataSource).toBeDefined();
    expect(ddl.length).toBeGreaterThan(40);
    expect(problems(ddl)).toEqual([]);
  });

  it('number ranges, the outbox claims, price and order look-ups, article pages and streams', async () => {
    const { dataSource, sent } = recordingSqlServer();
    const config: AppConfig = loadAppConfig({ DB_TYPE: 'mssql', DATABASE_URL: 'mssql://sa:x@localhost/erp' });
    const attempt = async (work: () => Promise<unknown>) => {
      try {
        await work();
      } catch {
        // No rows come back; what matters is the SQL sent until then.
      }
    };
    await attempt(() => new SqlServerUnitOfWork(dataSource).write({ numberRange: 'AUFTRAG', steps: [] }));
    const events = new TypeOrmEventStore(dataSource);
    await attempt(() => events.fanOut(100, []));
    await attempt(() => events.claimDue(100, ['log', 'webhook'], 'instance-1', new Date(), new Date()));
    await attempt(() => events.renewLeases([1, 2], 'instance-1', new Date()));
    const reader = new DataSourceReader(dataSource);
    const prices = new TypeOrmPriceSources(dataSource, reader);
    await attempt(() => prices.candidateLists('10001', 'EUR'));
    await attempt(() => prices.prices([1, 2], ['1000', '1001']));
    await attempt(() => prices.prices([1], ['1000', '1001'], { consecutive: true }));
    const orders = new TypeOrmOrderReferenceData(dataSource);
    await attempt(() => orders.lookUp('10001', 'SHOP-1', ['1000']));
    await attempt(() => orders.taxCodes(['1']));
    const catalogue = new TypeOrmArticleCatalogue(dataSource, reader, config);
    const filter: ArticleFilter = {
      language: 'ger',
      webshop: 'SHOP',
      activeOnly: true,
      modifiedSince: new Date(),
    };
    const sorts: ArticleSort[] = [{ column: 'ArtBez', descending: true }];
    await attempt(() => catalogue.referenceData('EUR', '10001'));
    await attempt(() => catalogue.count(filter));
    await attempt(() => catalogue.changedArticles(new Date()));
    await attempt(() => catalogue.rowsByNumbers(['1000'], filter));
    const needs = { attributes: true, stock: true, packaging: true };
    await attempt(() => catalogue.articles({ artNrs: ['1000', '1001'] }, filter, needs));
    await attempt(() => catalogue.articles({ artNrs: ['1000', '1001'], runOf: [] }, filter, needs));
    // A page of the default order: a range of the description index, its bounds spelled out.
    const byDescription: ArticleSort[] = [{ column: 'ArtBez', descending: false }];
    const wholeList = { ...filter, modifiedSince: null };
    await attempt(() =>
      catalogue.articles({ artNrs: ['1000', '1001'], runOf: byDescription }, wholeList, needs),
    );
    await attempt(() => catalogue.orderedNumbers(filter, sorts));
    await attempt(() => catalogue.orderedNumbers({ ...filter, webshop: null }, []));
    await attempt(() => catalogue.total());

    expect(sent.some((sql) => sql.includes('OUTPUT INSERTED."LetzteNr"'))).toBe(true);
    expect(sent.some((sql) => sql.includes('WITH (UPDLOCK, READPAST, ROWLOCK)'))).toBe(true);
    expect(sent.some((sql) => /^UPDATE "rest_event_delivery" SET "lease_until" = @\d+ WHERE/.test(sql))).toBe(
      true,
    );
    expect(sent.some((sql) => sql.includes('"ArtNr" BETWEEN @'))).toBe(true);
    expect(sent.some((sql) => sql.includes('(a."ArtBez" > (SELECT f."ArtBez" FROM "Artikel" f'))).toBe(true);
    expect(sent.some((sql) => sql.includes('(a."ArtBez", a."ArtNr")'))).toBe(false);
    // The web-shop test of a page's rows, taken from its attribute rows.
    expect(sent.some((sql) => sql.includes('THEN 1 ELSE 0 END AS "R"'))).toBe(true);
    expect(sent.length).toBeGreaterThan(15);
    expect(problems(sent)).toEqual([]);
  });
});
