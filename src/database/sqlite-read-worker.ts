import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { sqliteDriver } from '@app/erp-db/sqlite-driver';
import { workerData } from 'node:worker_threads';
import { positionalParameters } from './named-parameters';
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

/**
 * The keys' UTF-8 bytes and their ends (see KeyList), written into growing blocks as the rows
 * come: no string per key is kept, so a million keys cost the thread ~11 MB, not a heap of strings.
 */
function keys(s: ReadStatement): { bytes: Uint8Array; ends: Uint32Array } {
  const [statement, values] = prepared(s);
  let bytes = Buffer.allocUnsafe(1 << 20);
  let ends = new Uint32Array(1 << 16);
  let count = 0;
  let end = 0;
  for (const row of statement.iterate(...values) as IterableIterator<unknown[]>) {
    const key = String(row[0]);
    const size = Buffer.byteLength(key, 'utf8');
    if (end + size > bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(bytes.length * 2, end + size));
      bytes.copy(grown, 0, 0, end);
      bytes = grown;
    }
    if (count === ends.length) {
      const grown = new Uint32Array(ends.length * 2);
      grown.set(ends);
      ends = grown;
    }
    end += bytes.write(key, end, 'utf8');
    ends[count++] = end;
  }
  // Copies of the used parts: a view would send its whole block along.
  return {
    bytes: new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + end)),
    ends: ends.slice(0, count),
  };
}

export default function run(task: ReadTask): unknown {
  // The ends are copied on the way back (a few MB at a million keys, one memcpy).
  if ('keys' in task) return keys(task.keys);
  return task.statements.map((s) => {
    const [statement, values] = prepared(s);
    return statement.all(...values);
  });
}
