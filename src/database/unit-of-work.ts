import type {
  DataSource,
  DeleteQueryBuilder,
  EntityManager,
  EntityTarget,
  InsertQueryBuilder,
  ObjectLiteral,
  UpdateQueryBuilder,
} from 'typeorm';
import { EventEntity, NumberRangeEntity } from '@app/erp-db';
import type { PendingEvent } from '../events/erp-events';

/** Rows per multi-row INSERT or IN list of a write: SQL Server takes at most 2100 parameters a statement. */
export const CHUNK = 100;

/** In a batch's rows: the number the batch draws, as a string (e.g. AuftNr, DebiNr). */
export const DRAWN_NUMBER = Symbol('drawn number');

/** In a batch's rows: the event id the batch draws from REST_EVENT (see WriteBatch.event). */
export const DRAWN_EVENT_ID = Symbol('drawn event id');

/** In a batch's rows: the generated key of an earlier insert step of the same batch. */
export class GeneratedKey {
  constructor(readonly step: string) {}
}

export type BatchStep =
  | {
      kind: 'insert';
      target: EntityTarget<ObjectLiteral>;
      rows: ObjectLiteral[];
      /** Name under which later rows refer to the generated key (single-row inserts). */
      name?: string;
      /** The generated key column, when `name` is set. */
      key?: string;
    }
  | {
      kind: 'update';
      target: EntityTarget<ObjectLiteral>;
      set: ObjectLiteral;
      /** Column values to match; null matches IS NULL. */
      where: ObjectLiteral;
      /** Rows the update must change; otherwise the batch is rolled back with `otherwise()`. */
      expectRows: number;
      otherwise: () => Error;
    };

/** Rows that are written together or not at all; optionally numbered from a number range. */
export interface WriteBatch {
  numberRange?: string;
  steps: BatchStep[];
  /**
   * The outbox row of the change (D10), written last, with its id drawn from REST_EVENT in the
   * same transaction; `key` may be DRAWN_NUMBER.
   */
  event?: { pending: PendingEvent; key: unknown } | null;
}

/** One statement on its own (see `once`). */
export type SingleStatement =
  | { kind: 'insert'; build: (m: EntityManager) => InsertQueryBuilder<ObjectLiteral> }
  | {
      kind: 'change';
      build: (m: EntityManager) => UpdateQueryBuilder<ObjectLiteral> | DeleteQueryBuilder<ObjectLiteral>;
    };

/** Where a range's numbers become keys: a number already there (written by the ERP) is skipped. */
export interface NumberedKey {
  target: EntityTarget<ObjectLiteral>;
  key: string;
}

/** How many numbers used by the ERP past a number range one write skips before it gives up. */
const MAX_USED_NUMBERS_SKIPPED = 100;

/**
 * Port: the one way every feature writes. A batch is one transaction: all of its rows or none;
 * its number is drawn inside it (a rollback gives the number back, and two requests or two
 * instances never get the same one); its outbox row commits with it. One adapter per database
 * family (`unitOfWorkFor`):
 * - SQLite: the batch runs synchronously in one BEGIN IMMEDIATE transaction on the service's own
 *   connection (SqliteConnection), so nothing of another request can interleave; other
 *   processes wait on SQLite's busy timeout.
 * - PostgreSQL: the batch is ONE statement (data-modifying CTEs): the number row stays locked
 *   only for that statement, not across client round trips.
 * - SQL Server: one transaction of query builders; the number drawn by UPDATE … OUTPUT.
 * The batch is declarative (rows, not a callback) so that each adapter can write it in the
 * fewest round trips its database allows.
 */
export abstract class UnitOfWork {
  constructor(protected readonly dataSource: DataSource) {}

  /** Writes the batch; returns the drawn number (null without a number range). */
  abstract write(batch: WriteBatch): Promise<number | null>;

  /** One statement on its own (autocommit), kept out of any other request's open transaction. */
  async once(statement: SingleStatement): Promise<number> {
    const result = await statement.build(this.dataSource.manager).execute();
    return 'identifiers' in result ? result.identifiers.length : (result.affected ?? 0);
  }

  /**
   * Writes a numbered batch. A duplicate key is either the row that already exists (`existing`
   * finds it; duplicate detection) or a number the ERP has used past the number range: then the
   * range is moved past it and the batch written again.
   */
  async writeNumbered(
    batch: WriteBatch & { numberRange: string },
    numbered: NumberedKey,
    existing: () => Promise<string | null> = () => Promise.resolve(null),
  ): Promise<{ created: boolean; value: string }> {
    for (let attempt = 0; ; attempt++) {
      try {
        return { created: true, value: String(await this.write(batch)) };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const found = await existing();
        if (found !== null) return { created: false, value: found };
        if (attempt >= MAX_USED_NUMBERS_SKIPPED || !(await this.skipUsedNumber(batch.numberRange, numbered)))
          throw err;
      }
    }
  }

  /** True when the next number of the range is a key already; the range then moves past it. */
  private async skipUsedNumber(range: string, numbered: NumberedKey): Promise<boolean> {
    const m = this.dataSource.manager;
    const row = await m.findOneBy(NumberRangeEntity, { Name: range });
    if (!row) return false;
    const last = Number(row.LetzteNr);
    if (!(await m.existsBy(numbered.target, { [numbered.key]: String(last + 1) }))) return false;
    await this.once({
      kind: 'change',
      build: (b) =>
        b
          .createQueryBuilder()
          .update(NumberRangeEntity)
          .set({ LetzteNr: last + 1 })
          .where({ Name: range, LetzteNr: last }),
    });
    return true;
  }
}

/** The statement that draws a number: adds one to the range's LetzteNr and returns it. */
export function drawNumberSql(dialect: 'returning' | 'output', name: string, condition = ''): string {
  const set = 'UPDATE "Nummernkreis" SET "LetzteNr" = "LetzteNr" + 1';
  const where = `WHERE "Name" = ${name}${condition}`;
  return dialect === 'output'
    ? `${set} OUTPUT INSERTED."LetzteNr" ${where}`
    : `${set} ${where} RETURNING "LetzteNr"`;
}

/** The batch's steps, with the outbox row as the last one. */
export function stepsOf(batch: WriteBatch): BatchStep[] {
  if (!batch.event) return batch.steps;
  const { pending, key } = batch.event;
  const row = {
    id: DRAWN_EVENT_ID,
    event: pending.event,
    objKey: key,
    action: pending.action,
    userName: pending.user,
    occurredAt: pending.occurredAt,
    fannedOut: 0,
  };
  return [...batch.steps, { kind: 'insert', target: EventEntity, rows: [row] }];
}

/** Replaces the batch's placeholders by the drawn number, event id and generated keys. */
export function resolver(
  number: number | null,
  eventId: number | null,
  keys: Map<string, unknown>,
): (value: unknown) => unknown {
  return (value) => {
    if (value === DRAWN_NUMBER) return String(number);
    if (value === DRAWN_EVENT_ID) return eventId;
    if (value instanceof GeneratedKey) return keys.get(value.step);
    return value;
  };
}

export function missingRange(range: string): Error {
  return new Error(`Number range ${range} does not exist (table Nummernkreis).`);
}

/** A duplicate key (primary key or unique index) on any of the three databases. */
export function isUniqueViolation(err: unknown): boolean {
  const e = ((err as { driverError?: unknown })?.driverError ?? err) as { code?: unknown; number?: unknown };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.number === 2627 ||
    e?.number === 2601
  );
}
