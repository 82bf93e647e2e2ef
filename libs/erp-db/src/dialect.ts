import { ColumnOptions, ColumnType, PrimaryColumnOptions } from 'typeorm';

export type DbType = 'sqlite' | 'postgres' | 'mssql';

/**
 * The entities are shared by all three databases; only a few column types differ
 * (unicode strings on SQL Server, binary, time stamps). The type is read once, at import,
 * from DB_TYPE, which the config validates before any entity is loaded.
 */
function currentDbType(): DbType {
  const value = (process.env.DB_TYPE ?? 'sqlite').toLowerCase();
  return value === 'postgres' || value === 'mssql' ? value : 'sqlite';
}

/** The database family of a TypeORM driver type ('better-sqlite3' is SQLite). */
export function dbTypeOf(driver: string): DbType {
  return driver === 'postgres' || driver === 'mssql' ? driver : 'sqlite';
}

type ColumnKind = 'str' | 'text' | 'ts' | 'bin';

/** The column types that differ per database: the one type map of the entities and the migrations. */
const COLUMN_TYPES: Record<ColumnKind, Record<DbType, ColumnType>> = {
  str: { sqlite: 'varchar', postgres: 'varchar', mssql: 'nvarchar' },
  text: { sqlite: 'text', postgres: 'text', mssql: 'nvarchar' },
  ts: { sqlite: 'datetime', postgres: 'timestamptz', mssql: 'datetime2' },
  bin: { sqlite: 'blob', postgres: 'bytea', mssql: 'varbinary' },
};

/** A column kind's type on the database; unbounded text and binary are (MAX) on SQL Server. */
export function columnType(kind: ColumnKind, dbType: DbType): { type: ColumnType; length?: string } {
  const type = COLUMN_TYPES[kind][dbType];
  return dbType === 'mssql' && (kind === 'text' || kind === 'bin') ? { type, length: 'MAX' } : { type };
}

const db = currentDbType();

/** varchar(n) that keeps every Unicode character (nvarchar on SQL Server). */
export function text(length: number, options: ColumnOptions = {}): ColumnOptions {
  return { ...columnType('str', db), length, ...options };
}

/** Unbounded text (nvarchar(max) on SQL Server). */
export function longText(options: ColumnOptions = {}): ColumnOptions {
  return { ...columnType('text', db), ...options };
}

/** Exact decimal; every driver hands it back as string or number, read it through Money/Quantity. */
export function decimal(precision: number, scale: number, options: ColumnOptions = {}): ColumnOptions {
  return { type: 'decimal', precision, scale, ...options };
}

export function integer(options: ColumnOptions = {}): ColumnOptions {
  return { type: 'integer', ...options };
}

/** A point in time, always UTC. */
export function timestamp(options: ColumnOptions = {}): ColumnOptions {
  return { ...columnType('ts', db), ...options };
}

export function binary(options: ColumnOptions = {}): ColumnOptions {
  return { ...columnType('bin', db), ...options };
}

/** Reads a timestamp column from a raw row into a Date (SQLite returns UTC text). */
let lastText = '';
let lastTime = NaN;

export function readTimestamp(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  const s = String(value);
  // Rows of one import share their stamp: parse each text once in a row.
  if (s !== lastText) {
    lastTime = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : s.replace(' ', 'T') + 'Z').getTime();
    lastText = s;
  }
  return new Date(lastTime);
}

/** Column options of a primary key column (never nullable). */
export function primary(options: ColumnOptions): PrimaryColumnOptions {
  return { ...options, nullable: false } as PrimaryColumnOptions;
}
