import { ColumnOptions, PrimaryColumnOptions } from 'typeorm';

export type DbType = 'sqlite' | 'postgres' | 'mssql';

/**
 * The entities are shared by all three databases; only a few column types differ
 * (unicode strings on SQL Server, binary, time stamps). The type is read once, at import,
 * from DB_TYPE, which the config validates before any entity is loaded.
 */
export function currentDbType(): DbType {
  const value = (process.env.DB_TYPE ?? 'sqlite').toLowerCase();
  return value === 'postgres' || value === 'mssql' ? value : 'sqlite';
}

const db = currentDbType();

/** varchar(n) that keeps every Unicode character (nvarchar on SQL Server). */
export function text(length: number, options: ColumnOptions = {}): ColumnOptions {
  return { type: db === 'mssql' ? 'nvarchar' : 'varchar', length, ...options };
}

/** Unbounded text (nvarchar(max) on SQL Server). */
export function longText(options: ColumnOptions = {}): ColumnOptions {
  return db === 'mssql' ? { type: 'nvarchar', length: 'MAX', ...options } : { type: 'text', ...options };
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
  const type = db === 'postgres' ? 'timestamptz' : db === 'mssql' ? 'datetime2' : 'datetime';
  return { type, ...options };
}

export function binary(options: ColumnOptions = {}): ColumnOptions {
  const type = db === 'postgres' ? 'bytea' : db === 'mssql' ? 'varbinary' : 'blob';
  return db === 'mssql' ? { type, length: 'MAX', ...options } : { type, ...options };
}

/**
 * Parameter value for a timestamp in hand-written SQL. TypeORM converts entity values,
 * but raw parameters reach the driver as they are; SQLite stores TypeORM's UTC text form.
 */
export function timestampParam(value: Date): Date | string {
  if (db !== 'sqlite') return value;
  return value.toISOString().replace('T', ' ').replace('Z', '');
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
