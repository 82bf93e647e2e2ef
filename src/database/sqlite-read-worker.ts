import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { SQLITE_BUSY_TIMEOUT_MS, sqliteDriver } from '@app/erp-db/sqlite-driver';
import { registerSqliteFunctions } from '@app/erp-db/sqlite-functions';
import { workerData } from 'node:worker_threads';
import { positionalParameters } from './named-parameters';
import { KeyListBuilder } from './key-list';
import { valuesHiddenFromPlanner } from './sqlite-parameters';
import type { ReadStatement } from './sql-reader';

// A read thread of the SQLite read pool: one read-only connection, prepared statements reused.
// Loads neither Nest nor TypeORM.

export interface SqliteReadSettings {
  file: string;
  /** Page cache of the connection, KiB. */
  cacheKiB: number;
}

export type ReadTask = { statements: ReadStatement[] } | { keys: ReadStatement };

/** Distinct statement texts kept prepared. */
const MAX_STATEMENTS = 64;

const settings = workerData as SqliteReadSettings;
let db: Database.Database | null = null;
const statements = new Map<string, Statement>();

function connection(): Database.Database {
  if (db) return db;
  db = new (sqliteDriver())(settings.file, { readonly: true, fileMustExist: true });
  db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  db.pragma(`cache_size = -${settings.cacheKiB}`);
  registerSqliteFunctions(db);
  return db;
}

function prepared(s: ReadStatement): [Statement, unknown[]] {
  const [text, values] = positionalParameters(s.sql, s.params);
  let statement = statements.get(text);
  if (!statement) {
    if (statements.size >= MAX_STATEMENTS) statements.clear();
    statement = connection().prepare(valuesHiddenFromPlanner(text)).raw(true);
    statements.set(text, statement);
  }
  return [statement, values];
}

/** The keys' bytes and ends (see KeyList): no string per key is kept while they are read. */
function keys(s: ReadStatement): { bytes: Uint8Array; ends: Uint32Array } {
  const [statement, values] = prepared(s);
  const builder = new KeyListBuilder();
  for (const row of statement.iterate(...values) as IterableIterator<unknown[]>) builder.add(String(row[0]));
  return builder.parts();
}

export default function run(task: ReadTask): unknown {
  try {
    // The ends are copied on the way back (a few MB at a million keys, one memcpy).
    if ('keys' in task) return keys(task.keys);
    return task.statements.map((s) => {
      const [statement, values] = prepared(s);
      return statement.all(...values) as unknown[][];
    });
  } catch (e) {
    // better-sqlite3's SqliteError would reach the event loop without its message: only plain
    // errors keep it on the way between threads.
    throw new Error(e instanceof Error ? e.message : String(e));
  }
}
