import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { SQLITE_BUSY_TIMEOUT_MS, sqliteDriver } from '@app/erp-db/sqlite-driver';
import { registerSqliteFunctions } from '@app/erp-db/sqlite-functions';
import { workerData } from 'node:worker_threads';
import { positionalParameters } from './named-parameters';
import { KeyListBuilder } from './key-list';
import { valuesHiddenFromPlanner } from './values-hidden-from-planner';
import type { ReadStatement } from './bulk-reader';

// A read thread of the SQLite read pool: one read-only connection, prepared statements reused.
// Loads neither Nest nor TypeORM.

export type ReadTask = { statements: ReadStatement[] } | { keys: ReadStatement };

/** Distinct statement texts kept prepared. */
const MAX_STATEMENTS = 64;

/**
 * Page cache of the connection: the article list reads pages as ranges of the article indexes,
 * so a small cache does (the OS caches the file).
 */
const CACHE_KIB = 16 * 1024;

let db: Database.Database | null = null;
const statements = new Map<string, Prepared>();

function connection(): Database.Database {
  if (db) return db;
  db = new (sqliteDriver())(workerData as string, { readonly: true, fileMustExist: true });
  db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  db.pragma(`cache_size = -${CACHE_KIB}`);
  registerSqliteFunctions(db);
  return db;
}

/** A statement text prepared twice: for its rows as values, and for the same rows as JSON. */
interface Prepared {
  /** Rows as arrays of column values (better-sqlite3's raw mode). */
  rows: Statement;
  /** One text `[[value, ...], ...]` that SQLite writes itself; null where it cannot (see `asJson`). */
  json: Statement | null;
}

function prepared(s: ReadStatement): [Prepared, unknown[]] {
  const [text, values] = positionalParameters(s.sql, s.params);
  let statement = statements.get(text);
  if (!statement) {
    if (statements.size >= MAX_STATEMENTS) statements.clear();
    const planned = valuesHiddenFromPlanner(text);
    const rows = connection().prepare(planned).raw(true);
    statements.set(text, (statement = { rows, json: asJson(planned, rows) }));
  }
  return [statement, values];
}

/**
 * The statement wrapped so that SQLite writes its rows as one JSON text: no JavaScript value per
 * column for the thread to make and then stringify. JSON carries SQLite's values exactly (text;
 * integers and reals as the same doubles better-sqlite3 makes of them, the infinities
 * included); a blob makes the statement fail, and its text is then read as values (`rowsAsJson`).
 * Not for statements with an ORDER BY (an aggregate keeps no order of its own) or with two columns
 * of one name.
 */
function asJson(text: string, rows: Statement): Statement | null {
  if (/\border\s+by\b/i.test(text)) return null;
  const names = rows.columns().map((c) => c.name);
  if (new Set(names).size !== names.length) return null;
  const columns = names.map((name) => `"${name.replaceAll('"', '""')}"`).join(', ');
  try {
    return connection().prepare(`SELECT json_group_array(json_array(${columns})) FROM (${text})`).pluck(true);
  } catch {
    // A text that reads as a statement but not as a subquery (a closing semicolon, say).
    return null;
  }
}

/** The rows of every statement as one JSON text `[rows, rows, …]`, or null when one cannot be. */
function rowsAsJson(task: ReadStatement[]): string | null {
  const texts: string[] = [];
  for (const s of task) {
    const [statement, values] = prepared(s);
    if (statement.json === null) return null;
    try {
      texts.push(statement.json.get(...values) as string);
    } catch {
      // A blob, or an error that reading the rows as values will raise again.
      statement.json = null;
      return null;
    }
  }
  return `[${texts.join(',')}]`;
}

/** The keys' bytes and ends (see KeyList): no string per key is kept while they are read. */
function keys(s: ReadStatement): { bytes: Uint8Array; ends: Uint32Array } {
  const [statement, values] = prepared(s);
  const builder = new KeyListBuilder();
  for (const row of statement.rows.iterate(...values) as IterableIterator<unknown[]>)
    builder.add(String(row[0]));
  return builder.parts();
}

export default function run(task: ReadTask): unknown {
  try {
    // The ends are copied on the way back (a few MB at a million keys, one memcpy).
    if ('keys' in task) return keys(task.keys);
    return (
      rowsAsJson(task.statements) ??
      task.statements.map((s) => {
        const [statement, values] = prepared(s);
        return statement.rows.all(...values) as unknown[][];
      })
    );
  } catch (e) {
    // better-sqlite3's SqliteError would reach the event loop without its message: only plain
    // errors keep it on the way between threads.
    throw new Error(e instanceof Error ? e.message : String(e));
  }
}
