import { OnApplicationShutdown } from '@nestjs/common';
import { Pool, types } from 'pg';
import Cursor from 'pg-cursor';
import { CONNECT_TIMEOUT_MS } from '@app/erp-db';
import { positionalParameters } from './named-parameters';
import { preparedStatementName } from './prepared-statements';
import { KeyList, KeyListBuilder, published, ReadStatement, SqlReader } from './sql-reader';

/**
 * The planner settings of the read connections: index paths only, because the list's reads are
 * key lookups or index ranges and without statistics the planner chose whole-table scans; JIT is
 * off because a switched-off path's cost (10^10) made it compile every page query. Prepared
 * statements keep the default plan caching: with key lists of at most `MAX_KEYS_PER_STATEMENT`
 * the generic plans are cheaper than planning each time (docs/articles.md, "How the list is read").
 */
const INDEX_PATHS = '-c enable_seqscan=off -c enable_hashjoin=off -c enable_mergejoin=off -c jit=off';

/**
 * The read sessions' settings: index paths, and UTC as the time zone in which timestamptz values
 * are written as text (the same instants; `parseTimestamp` reads the `+00` form fastest).
 */
const SESSION = `${INDEX_PATHS} -c TimeZone=UTC`;

/**
 * Lists of article numbers (`IN (:...artNrs)`) are read as `IN (SELECT unnest(ARRAY[…]))`: the
 * planner knows how many keys that yields and looks each one up in the index, where a plain `IN`
 * list without statistics made it filter everything the object type or price list selects.
 */
const ARTICLE_KEY_LIST = /IN \(:\.\.\.artNrs\)/g;

/** Statement texts with their key lists rewritten (see ARTICLE_KEY_LIST), once per text. */
const rewritten = new Map<string, string>();
const MAX_REWRITTEN = 256;

function withKeyLists(sql: string): string {
  let text = rewritten.get(sql);
  if (text === undefined) {
    text = sql.replace(ARTICLE_KEY_LIST, 'IN (SELECT unnest(ARRAY[:...artNrs]))');
    if (rewritten.size >= MAX_REWRITTEN) rewritten.clear();
    rewritten.set(sql, text);
  }
  return text;
}

/** A statement with PostgreSQL's `$1, $2, …` parameters and their values. */
export function numbered(s: ReadStatement): [string, unknown[]] {
  return positionalParameters(withKeyLists(s.sql), s.params, '$n');
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
 * filter and IN-list size class), so each connection parses each once (and plans it for its
 * values on every run, see INDEX_PATHS). Texts beyond this run unnamed, parsed every time.
 */
const MAX_NAMED_TEXTS = 128;

/** Rows a cursor hands over at a time (`keys`). */
const KEYS_PER_READ = 10_000;

/** SqlReader of PostgreSQL: a small pool of its own, rows as value arrays, index plans only. */
export class PostgresReadPool extends SqlReader implements OnApplicationShutdown {
  private readonly pool: Pool;
  /** Statement text -> its name on every connection of the pool. */
  private readonly names = new Map<string, string>();

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
    const name = this.nameOf(text);
    return (await this.pool.query({ text, values, rowMode: 'array', ...(name ? { name } : {}) }))
      .rows as unknown[][];
  }

  /**
   * The name a text is prepared under (the same on every connection: node-postgres prepares it
   * on a connection the first time that connection runs it), or none once MAX_NAMED_TEXTS are named.
   */
  private nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < MAX_NAMED_TEXTS) {
      name = preparedStatementName(text);
      this.names.set(text, name);
    }
    return name;
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

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
