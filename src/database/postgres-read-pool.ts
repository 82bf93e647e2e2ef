import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Pool, types } from 'pg';
import Cursor from 'pg-cursor';
import { CONNECT_TIMEOUT_MS } from '@app/erp-db';
import { positionalParameters } from './named-parameters';
import { PreparedTexts } from './sql-gateway';
import { KeyList, KeyListBuilder, published, ReadStatement, SqlReader } from './sql-reader';

/**
 * The read sessions' settings: UTC as the time zone in which timestamptz values are written as
 * text (the same instants; `parseTimestamp` reads the `+00` form fastest). Plans come from the
 * planner statistics, which the seed and the imports take (`refreshStatistics`).
 */
const SESSION = '-c TimeZone=UTC';

/** The tables the article list reads, whose plans need planner statistics. */
export const ARTICLE_LIST_TABLES = [
  'Artikel',
  'ArtikelText',
  'Attribut',
  'Preis',
  'PreisListe',
  'Lagerbestand',
  'Reservierung',
  'ArtikelVPE',
];

/**
 * The tables of `$1` without planner statistics: never analysed (`reltuples` -1 from PostgreSQL
 * 14 on, else no analysis on record) or with rows but no column statistics (deleted, or a bulk
 * load whose indexes counted the rows). An analysed empty table has neither and is not listed.
 */
const UNANALYSED_SQL = `
SELECT c.relname AS "table"
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_stat_user_tables t ON t.relid = c.oid
WHERE n.nspname = current_schema() AND c.relname = ANY($1)
  AND NOT EXISTS (SELECT 1 FROM pg_stats s WHERE s.schemaname = n.nspname AND s.tablename = c.relname)
  AND (c.reltuples <> 0
    OR (current_setting('server_version_num')::int < 140000
      AND t.last_analyze IS NULL AND t.last_autoanalyze IS NULL))
ORDER BY c.relname`;

/** A statement with PostgreSQL's `$1, $2, …` parameters and their values. */
export function numbered(s: ReadStatement): [string, unknown[]] {
  return positionalParameters(s.sql, s.params, '$n');
}

/** PostgreSQL's `timestamp` and `timestamptz` (the article rows' and prices' GeaendertAm). */
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;
const library = {
  [TIMESTAMP]: types.getTypeParser(TIMESTAMP, 'text'),
  [TIMESTAMPTZ]: types.getTypeParser(TIMESTAMPTZ, 'text'),
};

/** The number written by `length` ASCII digits from `at`, or -1. */
function digits(text: string, at: number, length: number): number {
  let n = 0;
  for (let i = at; i < at + length; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** The Date arguments `dateParts` read last (reused: no array per timestamp). */
const parts = [0, 0, 0, 0, 0, 0, 0];

/**
 * Reads `YYYY-MM-DD HH:MM:SS[.ffffff]` filling `text` up to `end`, with a year from 1000 on, into
 * `parts` (month from 0); false for any other text. The milliseconds are the library's arithmetic
 * (`1000 * parseFloat`), so that both agree to the last digit.
 */
function dateParts(text: string, end: number): boolean {
  const shaped =
    (end === 19 || (end >= 21 && end <= 26 && text.charCodeAt(19) === 46)) &&
    text.charCodeAt(4) === 45 &&
    text.charCodeAt(7) === 45 &&
    text.charCodeAt(10) === 32 &&
    text.charCodeAt(13) === 58 &&
    text.charCodeAt(16) === 58;
  if (!shaped || (end > 19 && digits(text, 20, end - 20) < 0)) return false;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  if (year < 1000 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return false;
  parts[0] = year;
  parts[1] = month - 1;
  parts[2] = day;
  parts[3] = hour;
  parts[4] = minute;
  parts[5] = second;
  parts[6] = end === 19 ? 0 : 1000 * parseFloat(text.slice(19, end));
  return true;
}

/**
 * A `timestamp` or `timestamptz` as node-postgres reads it, without its regular expressions where
 * the text has PostgreSQL's usual form (`YYYY-MM-DD HH:MM:SS[.ffffff]`, `+00` after it for a
 * timestamptz in the read sessions' time zone UTC), since a cold page reads hundreds of them and
 * the library's matching leaves garbage on the event loop for each. Every
 * other form (BC, infinity, years before 1000, another offset) goes to the library's parser.
 */
export function parseTimestamp(text: string, oid: 1114 | 1184 = TIMESTAMP): unknown {
  if (oid === TIMESTAMP) {
    if (dateParts(text, text.length))
      return new Date(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], parts[6]);
  } else if (text.endsWith('+00') && dateParts(text, text.length - 3))
    return new Date(Date.UTC(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], parts[6]));
  return library[oid](text);
}

const parseTimestampTz = (text: string) => parseTimestamp(text, TIMESTAMPTZ);

/** The read pool's type parsers: node-postgres' own, timestamps through `parseTimestamp`. */
const READ_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    format === 'binary'
      ? types.getTypeParser(oid, format)
      : oid === TIMESTAMP
        ? parseTimestamp
        : oid === TIMESTAMPTZ
          ? parseTimestampTz
          : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
};

/**
 * Statement texts run as named (prepared) statements: the list's texts are few (one per query,
 * filter and IN-list size class), so each connection parses each once. Texts beyond this run
 * unnamed, parsed every time.
 */
const MAX_NAMED_TEXTS = 128;

/** Rows a cursor hands over at a time (`keys`). */
const KEYS_PER_READ = 10_000;

/** SqlReader of PostgreSQL: a small pool of its own, rows as value arrays. */
export class PostgresReadPool extends SqlReader implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private readonly pool: Pool;
  /**
   * The texts run as named statements, under the same name on every connection of the pool
   * (node-postgres prepares a text on a connection the first time that connection runs it).
   */
  private readonly prepared = new PreparedTexts(MAX_NAMED_TEXTS);

  constructor(
    url: string,
    size: number,
    private readonly onConnectionError: (err: Error) => void,
  ) {
    super();
    this.pool = new Pool({
      connectionString: url,
      max: size,
      options: SESSION,
      types: READ_TYPES,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An idle connection the server closed: the pool drops it; without a listener the process would end.
    this.pool.on('error', onConnectionError);
  }

  private async rows(s: ReadStatement): Promise<unknown[][]> {
    const [text, values] = numbered(s);
    const name = this.prepared.nameOf(text);
    return (await this.pool.query({ text, values, rowMode: 'array', ...(name ? { name } : {}) }))
      .rows as unknown[][];
  }

  read(statements: ReadStatement[]): Promise<unknown[][][]> {
    published(statements);
    return Promise.all(statements.map((s) => this.rows(s)));
  }

  /**
   * Read through a cursor, 10,000 rows at a time: a million keys never sit in the heap as rows.
   * The cursor's batches are taken as arrays (pg-cursor), not row by row through a stream, which
   * costs the event loop about twice as much.
   */
  async keys(statement: ReadStatement): Promise<KeyList> {
    published([statement]);
    const [text, values] = numbered(statement);
    const client = await this.pool.connect();
    // Checked out, the connection has no pool listener: its loss fails the cursor, not the process.
    client.on('error', this.onConnectionError);
    try {
      const builder = new KeyListBuilder();
      const cursor = client.query(new Cursor<unknown[]>(text, values, { rowMode: 'array' }));
      for (;;) {
        const rows = await cursor.read(KEYS_PER_READ);
        if (rows.length === 0) break;
        for (const row of rows) builder.add(String(row[0]));
      }
      await cursor.close();
      client.off('error', this.onConnectionError);
      client.release();
      return builder.list();
    } catch (err) {
      // A connection left in the middle of a cursor is not handed out again (nor loses its listener).
      client.release(err as Error);
      throw err;
    }
  }

  /**
   * Warns once when the article list's tables have no planner statistics: the planner would then
   * guess their sizes and may scan whole tables for a page.
   */
  async onApplicationBootstrap(): Promise<void> {
    let tables: string[];
    try {
      const { rows } = await this.pool.query<{ table: string }>(UNANALYSED_SQL, [ARTICLE_LIST_TABLES]);
      tables = rows.map((r) => r.table);
    } catch {
      return; // advice only: a database not reachable yet fails the requests, not the start
    }
    if (tables.length > 0)
      this.logger.warn(
        `no planner statistics for ${tables.join(', ')}: the article list's queries may scan whole ` +
          'tables; run ANALYZE on the database (after a bulk load, VACUUM (ANALYZE))',
      );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
