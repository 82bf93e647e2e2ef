import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import request from 'supertest';
import { sentStatements } from '../src/database/sql-gateway';
import { createTestApp, json, TestApp } from './support/test-app';

/** Rows added to each of the large tables, so that the planner has a reason to use an index. */
const BULK = 20_000;
/** The tables whose full scan would make a request's cost grow with the data. */
const LARGE_TABLES = ['Adressen', 'Debitor', 'Attribut', 'Auftrag'];

const first = (base: number) => base + 1;
const ADDRESS = 1_000_000;
const CUSTOMER = 800_000;
const ORDER = 2_000_000;

type Statement = [sql: string, params: unknown[]];

/**
 * The statements behind the customer-facing reads are served by indexes: on a database with
 * tens of thousands of addresses, customers, attributes and orders (planner statistics taken),
 * none of the statements of the address search, the web-shop test or the order read scans one of
 * the large tables. SQLite: EXPLAIN QUERY PLAN (`SCAN <table>` is a full scan, `SEARCH` a look-up);
 * PostgreSQL: EXPLAIN (FORMAT JSON) with the planner's own choice (sequential scans allowed).
 */
describe('query plans of the customer-facing reads', () => {
  let t: TestApp;
  let auth: string;

  beforeAll(async () => {
    // A scan's time limit that any scan of the bulk addresses exceeds (PostgreSQL).
    t = await createTestApp({ ADDRESS_SCAN_TIMEOUT_MS: '1' });
    auth = `Bearer ${await t.token('demo')}`;
    await addBulkRows(t);
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  /** The bound statements the service sends while `fn` runs (the gateway's channel). */
  async function statementsOf(fn: () => Promise<unknown>): Promise<Statement[]> {
    const seen: Statement[] = [];
    const sent = (message: unknown): void => {
      const { text, values } = message as { text: string; values?: unknown[] };
      if (values) seen.push([text, values]);
    };
    subscribe(sentStatements.name, sent);
    try {
      await fn();
    } finally {
      unsubscribe(sentStatements.name, sent);
    }
    return seen.filter(([sql]) => /^\s*(SELECT|WITH)\b/i.test(sql));
  }

  /** The large tables a statement reads in full. */
  async function fullScans([sql, params]: Statement): Promise<string[]> {
    if (t.dataSource.options.type === 'postgres') {
      const [row] = await t.dataSource.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      const scans: string[] = [];
      const walk = (node: Record<string, unknown>): void => {
        if (node['Node Type'] === 'Seq Scan') scans.push(String(node['Relation Name']));
        for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
      };
      walk((row['QUERY PLAN'] as Array<{ Plan: Record<string, unknown> }>)[0].Plan);
      return scans.filter((s) => LARGE_TABLES.includes(s));
    }
    const plan: Array<{ detail: string }> = await t.dataSource.query(`EXPLAIN QUERY PLAN ${sql}`, params);

    // "SCAN d" or "SCAN Debitor AS d" (possibly through a covering index: still every entry)
    return plan
      .map((p) => /^SCAN (\w+)(?: AS \w+)?/.exec(p.detail)?.[1] ?? '')
      .filter((name) => LARGE_TABLES.includes(name) || /^[adwo]$/.test(name));
  }

  async function expectIndexed(path: string, status: number): Promise<void> {
    const statements = await statementsOf(() =>
      request(t.server).get(path).set('Authorization', auth).parse(json).expect(status),
    );
    expect(statements.length).toBeGreaterThan(0);
    const scanned: Array<[string, string[]]> = [];
    for (const s of statements) {
      const scans = await fullScans(s);
      if (scans.length > 0) scanned.push([s[0], scans]);
    }
    expect(scanned).toEqual([]);
  }

  it('finds a customer by e-mail address through indexes', async () => {
    await expectIndexed(`/www/adressensuche?EmailAdress=${encodeURIComponent(' Bulk17@Example.COM ')}`, 200);
  });

  it('finds a customer by name through indexes', async () => {
    await expectIndexed(`/www/adressensuche?AdrName=${encodeURIComponent('BULK 1234')}`, 200);
  });

  it('tests the web shop of a customer and of an address through indexes', async () => {
    await expectIndexed(`/www/kunden/${CUSTOMER + 77}`, 200);
    await expectIndexed(`/www/adressen/${ADDRESS + 77}`, 200);
  });

  it('cuts a search by unindexed fields alone off at its time limit on PostgreSQL (503, D13)', async () => {
    const res = await request(t.server)
      .get('/www/adressensuche?OrtName=Nirgendwo')
      .set('Authorization', auth)
      .parse(json);
    if (t.dataSource.options.type !== 'postgres') {
      // SQLite cannot interrupt its one connection's statement: the scan runs to its end
      expect(res.status).toBe(404);
      return;
    }
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.body).toEqual({
      error: 'service_unavailable',
      error_description:
        'A search by these fields alone reads every address and took too long; add one of EmailAdress, AdrName, AdrFirma, AdrVorname, OrtPLZ, AdrTf1, AdrTf2.',
      info: {
        indexedFields: ['EmailAdress', 'AdrName', 'AdrFirma', 'AdrVorname', 'OrtPLZ', 'AdrTf1', 'AdrTf2'],
      },
    });
    // an indexed field in the same search keeps it off the limit
    await request(t.server)
      .get(`/www/adressensuche?OrtName=Z%C3%BCrich&EmailAdress=bulk5%40example.com`)
      .set('Authorization', auth)
      .expect(200);
  });

  it('reads an order through indexes', async () => {
    await expectIndexed(`/www/auftrag/${ORDER + 99}`, 200);
  });
});

/**
 * BULK addresses, customers (each with its web-shop attribute SHOP, the demo user's) and orders,
 * written with one statement per table; then planner statistics, as the seed takes them.
 */
async function addBulkRows(t: TestApp): Promise<void> {
  const numbers = `WITH RECURSIVE n(i) AS (SELECT ${first(0)} UNION ALL SELECT i + 1 FROM n WHERE i < ${BULK}) `;
  const text = (expr: string) => `CAST(${expr} AS VARCHAR(20))`;
  const now = 'CURRENT_TIMESTAMP';
  await t.dataSource.query(
    `${numbers}INSERT INTO "Adressen" ("AdrNr", "AdrSprache", "EmailAdress", "AdrAnrede", "AdrVorname", "AdrName",
      "AdrAdresse1", "OrtLand", "OrtPLZ", "OrtName", "ErfasstAm", "GeaendertAm")
     SELECT ${ADDRESS} + i, 'ger', 'bulk' || ${text('i')} || '@example.com', 1, 'Vreni', 'Bulk ' || ${text('i')},
      'Hauptstrasse 1', 'CH', ${text('8000 + i % 900')}, 'Zürich', ${now}, ${now} FROM n`,
  );
  await t.dataSource.query(
    `${numbers}INSERT INTO "Debitor" ("DebiNr", "KundBez", "WaehrAbk", "KundKontakt", "KundLief", "KundRech",
      "KreditLimit", "ErfasstAm", "GeaendertAm")
     SELECT ${text(`${CUSTOMER} + i`)}, 'Bulk', 'CHF', ${ADDRESS} + i, ${ADDRESS} + i, ${ADDRESS} + i, 1000, ${now}, ${now} FROM n`,
  );
  await t.dataSource.query(
    `${numbers}INSERT INTO "Attribut" ("ObjTyp", "ObjKey", "PHKey", "Contents")
     SELECT 'DEBI', ${text(`${CUSTOMER} + i`)}, '${t.config.attributeWebshop}', 'SHOP' FROM n`,
  );
  await t.dataSource.query(
    `${numbers}INSERT INTO "Auftrag" ("AuftNr", "AuftStatus", "KundNr", "WaehrAbk", "AuftErf", "GeaendertAm")
     SELECT ${text(`${ORDER} + i`)}, 'N', ${text(`${CUSTOMER} + i`)}, 'CHF', ${now}, ${now} FROM n`,
  );
  await t.dataSource.query('ANALYZE');
}
