import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { sqliteDriver } from '@app/erp-db/sqlite-driver';
import { workerData } from 'node:worker_threads';
import { positionalParameters } from './named-parameters';
import { KeyListBuilder } from './key-list';
import { rowsMessage } from './row-transfer';
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
  db.pragma('busy_timeout = 10000');
  db.pragma(`cache_size = -${settings.cacheKiB}`);
  return db;
}

function prepared(s: ReadStatement): [Statement, unknown[]] {
  const [text, values] = positionalParameters(s.sql, s.params);
  let statement = statements.get(text);
  if (!statement) {
    if (statements.size >= MAX_STATEMENTS) statements.clear();
    statements.set(text, (statement = connection().prepare(text).raw(true)));
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
  // The ends are copied on the way back (a few MB at a million keys, one memcpy).
  if ('keys' in task) return keys(task.keys);
  return rowsMessage(
    task.statements.map((s) => {
      const [statement, values] = prepared(s);
      return statement.all(...values) as unknown[][];
    }),
  );
}
