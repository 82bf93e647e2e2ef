/** Rows per multi-row INSERT or IN list of a write: SQL Server takes at most 2100 parameters a statement. */
export const CHUNK = 100;

/** In a batch's rows: the number the batch draws, as a string (e.g. AuftNr, DebiNr). */
export const DRAWN_NUMBER = Symbol('drawn number');

/** In a batch's rows: the event id the batch draws for its outbox row (see WriteBatch.event). */
export const DRAWN_EVENT_ID = Symbol('drawn event id');

/** In a batch's rows: the generated key of an earlier insert step of the same batch. */
export class GeneratedKey {
  constructor(readonly step: string) {}
}

/** A table, named by the entity class that maps it. */
export type Table = abstract new (...args: never[]) => unknown;

export type Row = Record<string, unknown>;

/** In a `where`: a comparison other than equality (a plain value means =, null means IS NULL). */
export class Comparison {
  constructor(
    readonly op: 'IN' | '<' | '<=' | 'IS NOT NULL' | 'RANGE',
    readonly value?: unknown,
  ) {}
}
export const oneOf = (values: readonly unknown[]): Comparison => new Comparison('IN', values);
export const lessThan = (value: unknown): Comparison => new Comparison('<', value);
export const atMost = (value: unknown): Comparison => new Comparison('<=', value);
export const notNull = new Comparison('IS NOT NULL');
/** From `from` (inclusive) to `until` (exclusive). */
export const inRange = (from: unknown, until: unknown): Comparison => new Comparison('RANGE', [from, until]);

export type BatchStep =
  | {
      kind: 'insert';
      target: Table;
      rows: Row[];
      /** Name under which later rows and the result refer to the generated key (single-row inserts). */
      name?: string;
    }
  | {
      kind: 'update';
      target: Table;
      /** Column values to set; an undefined one is left as it is. */
      set: Row;
      where: Row;
      /** Rows the update must change; otherwise the batch is rolled back with `otherwise()`. */
      expectRows?: number;
      otherwise?: () => Error;
    }
  | { kind: 'delete'; target: Table; where: Row };

/** Rows that are written together or not at all; optionally numbered from a number range. */
export interface WriteBatch {
  numberRange?: string;
  steps: BatchStep[];
  /**
   * The outbox row of the change, written last, with its id drawn from the event number range in
   * the same transaction; `key` may be DRAWN_NUMBER.
   */
  event?: { pending: { event: string; action: string; user: string; occurredAt: Date }; key: unknown } | null;
  /** Sent unprepared: the batch's text seldom recurs (many rows of varying count), not worth preparing. */
  doNotPrepare?: boolean;
}

export interface BatchResult {
  /** The drawn number (null without a number range). */
  number: number | null;
  /** Per step of `steps`: the rows it inserted, changed or deleted. */
  counts: number[];
  /** The generated keys of the named insert steps. */
  keys: Record<string, number>;
}

/** Where a range's numbers become keys: a number already there (written by the ERP) is skipped. */
export interface NumberedKey {
  target: Table;
  key: string;
}

/** How many numbers used by the ERP past a number range one write skips before it gives up. */
const MAX_USED_NUMBERS_SKIPPED = 100;

/**
 * Port: the one way every feature writes more than one statement (and single statements where
 * they must stay out of another request's transaction). A batch is one transaction: all of its
 * rows or none; its number is drawn inside it (a rollback gives the number back, and two requests
 * or two instances never get the same one); its outbox row commits with it. A step that fails
 * (an update changing other than `expectRows` rows) rolls the batch back with its own error.
 * A step sees the rows as they were before the batch, never those of an earlier step (PostgreSQL
 * writes the batch as one statement); only the drawn number and generated keys pass between steps.
 * The batch is declarative (rows, not a callback) so that each adapter can write it in the
 * fewest round trips its database allows (`batchWriterFor`).
 */
export abstract class BatchWriter {
  /** Writes the batch in one transaction. */
  abstract write(batch: WriteBatch): Promise<BatchResult>;

  /** True when the next number of the range is a key already; the range then moves past it. */
  protected abstract skipUsedNumber(range: string, numbered: NumberedKey): Promise<boolean>;

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
        return { created: true, value: String((await this.write(batch)).number) };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const found = await existing();
        if (found !== null) return { created: false, value: found };
        if (attempt >= MAX_USED_NUMBERS_SKIPPED || !(await this.skipUsedNumber(batch.numberRange, numbered)))
          throw err;
      }
    }
  }
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
