import { Injectable } from '@nestjs/common';
import type { Database, RunResult, Statement } from 'better-sqlite3';
import {
  DataSource,
  DeleteQueryBuilder,
  EntityManager,
  InsertQueryBuilder,
  ObjectLiteral,
  SelectQueryBuilder,
  UpdateQueryBuilder,
} from 'typeorm';
import { NumberRangeService } from '../common/number-range/number-range.service';

/** One statement of a write script, built with TypeORM's query builder for the current dialect. */
export type WriteStep =
  | { kind: 'nextNumber'; range: string }
  | { kind: 'rows'; build: (m: EntityManager) => SelectQueryBuilder<ObjectLiteral> }
  | { kind: 'insert'; build: (m: EntityManager) => InsertQueryBuilder<ObjectLiteral> }
  | {
      kind: 'change';
      build: (m: EntityManager) => UpdateQueryBuilder<ObjectLiteral> | DeleteQueryBuilder<ObjectLiteral>;
    };

export interface StepResult {
  rows: Array<Record<string, unknown>>;
  /** Rows changed by an update/delete/insert. */
  affected: number;
  /** The generated key of a single-row insert into a table with one (AdrNr, ...). */
  insertedId: number | null;
  /** The number a `nextNumber` step drew. */
  number: number | null;
}

/** A transaction as a generator: it yields statements and receives their results. */
export type WriteScript<T> = Generator<WriteStep, T, StepResult>;

const POLL_MS = 1;

/**
 * Runs write scripts atomically. PostgreSQL and SQL Server: one TypeORM transaction. SQLite:
 * TypeORM shares one better-sqlite3 connection between all requests, so an awaited transaction
 * would nest into (or swallow the statements of) concurrent ones; the script therefore runs
 * synchronously in one BEGIN IMMEDIATE transaction once no other transaction is open on the
 * connection: nothing else can interleave, and other processes wait on SQLite's busy timeout.
 */
@Injectable()
export class AtomicWrites {
  private readonly statements = new Map<string, Statement<unknown[]>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly numberRanges: NumberRangeService,
  ) {}

  get dialect(): string {
    return this.dataSource.options.type;
  }

  async run<T>(script: () => WriteScript<T>): Promise<T> {
    const db = this.sqlite();
    if (!db)
      return this.dataSource.transaction((m) => driveAsync(script(), (step) => this.execAsync(m, step)));
    await noTransactionOpen(db);
    return db.transaction(() => driveSync(script(), (step) => this.execSqlite(db, step))).immediate();
  }

  /** One statement on its own (autocommit), kept out of any other request's open transaction. */
  async once(step: WriteStep): Promise<StepResult> {
    const db = this.sqlite();
    if (!db) return this.execAsync(this.dataSource.manager, step);
    await noTransactionOpen(db);
    return this.execSqlite(db, step);
  }

  private sqlite(): Database | null {
    if (this.dataSource.options.type !== 'better-sqlite3') return null;
    return (this.dataSource.driver as unknown as { databaseConnection: Database }).databaseConnection;
  }

  private async execAsync(m: EntityManager, step: WriteStep): Promise<StepResult> {
    switch (step.kind) {
      case 'nextNumber':
        return result({ number: await this.numberRanges.next(m, step.range) });
      case 'rows':
        return result({ rows: await step.build(m).getRawMany() });
      case 'insert': {
        const r = await step.build(m).execute();
        const id = r.identifiers.length === 1 ? Object.values(r.identifiers[0] ?? {})[0] : undefined;
        return result({ affected: r.identifiers.length, insertedId: id === undefined ? null : Number(id) });
      }
      case 'change':
        return result({ affected: (await step.build(m).execute()).affected ?? 0 });
    }
  }

  private execSqlite(db: Database, step: WriteStep): StepResult {
    if (step.kind === 'nextNumber') {
      const sql =
        'UPDATE "Nummernkreis" SET "LetzteNr" = "LetzteNr" + 1 WHERE "Name" = ? RETURNING "LetzteNr"';
      const row = this.prepare(db, sql).get(step.range) as { LetzteNr: number } | undefined;
      if (!row) throw new Error(`Number range ${step.range} does not exist (table Nummernkreis).`);
      return result({ number: Number(row.LetzteNr) });
    }
    const [sql, params] = step.build(this.dataSource.manager).getQueryAndParameters() as [string, unknown[]];
    const statement = this.prepare(db, sql);
    if (step.kind === 'rows')
      return result({ rows: statement.all(...params) as Array<Record<string, unknown>> });
    const run: RunResult = statement.run(...params);
    return result({
      affected: run.changes,
      insertedId: step.kind === 'insert' && run.changes === 1 ? Number(run.lastInsertRowid) : null,
    });
  }

  private prepare(db: Database, sql: string): Statement<unknown[]> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = db.prepare<unknown[]>(sql);
      if (this.statements.size < 500) this.statements.set(sql, statement);
    }
    return statement;
  }
}

async function noTransactionOpen(db: Database): Promise<void> {
  while (db.inTransaction) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
}

function result(r: Partial<StepResult>): StepResult {
  return { rows: [], affected: 0, insertedId: null, number: null, ...r };
}

function driveSync<T>(script: WriteScript<T>, exec: (step: WriteStep) => StepResult): T {
  let next = script.next();
  while (!next.done) next = script.next(exec(next.value));
  return next.value;
}

async function driveAsync<T>(
  script: WriteScript<T>,
  exec: (step: WriteStep) => Promise<StepResult>,
): Promise<T> {
  let next = script.next();
  while (!next.done) next = script.next(await exec(next.value));
  return next.value;
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
