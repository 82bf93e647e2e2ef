import { Injectable } from '@nestjs/common';
import { ApiRole, DeliveryStatus, EventDeliveryEntity, EventEntity, readTimestamp } from '@app/erp-db';
import { DataSource, EntityManager } from 'typeorm';
import { queryNamed, selectFirst } from '../../../database/sql-gateway';
import { BatchStep, CHUNK, oneOf, BatchWriter } from '../../../database/batch-writer';
import { StoredEvent } from '../../erp-events';
import { mayUseEvents } from '../../event-access';
import {
  ClaimedDelivery,
  EventBacklog,
  DeliveryProblem,
  DeliveryTarget,
  DeliveryView,
  FailedDelivery,
  Outbox,
} from '../../ports/outbox';

type Row = Record<string, unknown>;

/** Enabled subscriptions with what decides whether their owner may still see events. */
const ENABLED_SUBSCRIPTIONS_SQL = `SELECT s."id" AS "id", s."events" AS "events", u."role" AS "role",
  u."webshop" AS "webshop", u."disabled" AS "disabled"
FROM "rest_webhook" s JOIN "rest_user" u ON u."id" = s."user_id" WHERE s."enabled" = 1`;

interface SubscriptionOwnerRow {
  id: number | string;
  events: string;
  role: string;
  webshop: string | null;
  disabled: number | string;
}

const UNFANNED_EVENTS_SQL = 'SELECT COUNT(*) AS "events" FROM "rest_event" e WHERE e."fanned_out" = 0';

/** A delivery leased to a relay is being worked on, not waiting. */
const BACKLOG_SQL = `SELECT
  SUM(CASE WHEN d."status" = 'pending' AND d."attempts" = 0 AND d."next_attempt_at" <= :now
    AND (d."lease_until" IS NULL OR d."lease_until" < :now) THEN 1 ELSE 0 END) AS "waiting",
  SUM(CASE WHEN d."status" = 'pending' AND d."attempts" > 0 THEN 1 ELSE 0 END) AS "retrying",
  SUM(CASE WHEN d."status" = 'dead' THEN 1 ELSE 0 END) AS "dead"
FROM "rest_event_delivery" d WHERE d."status" IN ('pending', 'dead')`;

const DELIVERIES_SQL = `SELECT d."id" AS "id", d."event_id" AS "eventId", d."listener" AS "listener",
  d."target" AS "target", d."status" AS "status", d."attempts" AS "attempts",
  d."next_attempt_at" AS "nextAttemptAt", d."last_error" AS "lastError", d."delivered_at" AS "deliveredAt"
FROM "rest_event_delivery" d WHERE d."event_id" IN (:...ids)`;

const MARK_DELIVERED_SQL = `UPDATE "rest_event_delivery" SET "status" = 'delivered', "delivered_at" = :at,
  "attempts" = "attempts" + 1, "last_error" = NULL, "lease_owner" = NULL, "lease_until" = NULL
WHERE "id" IN (:...ids) AND "lease_owner" = :owner`;

const MARK_FAILED_SQL = `UPDATE "rest_event_delivery" SET "status" = :status, "attempts" = :attempts,
  "next_attempt_at" = :next, "last_error" = :error, "lease_owner" = NULL, "lease_until" = NULL
WHERE "id" = :id AND "lease_owner" = :owner`;

/** Deliveries one fan-out batch writes at most (PostgreSQL takes at most 65535 parameters a statement). */
const MAX_DELIVERIES_A_BATCH = 20 * CHUNK;

/** A concurrent fan-out (another instance) took one of the events first. */
class FannedOutElsewhere extends Error {}

/**
 * The outbox on the ERP database. The fan-out reads unmarked events (skipping those another
 * instance is writing: `FOR UPDATE SKIP LOCKED` on PostgreSQL, `WITH (UPDLOCK, READPAST, ROWLOCK)`
 * on SQL Server), then writes their deliveries and marks them fanned out in one batch-writer
 * batch that expects each event still unmarked (else another instance was first, and the batch is
 * rolled back). The claim is one `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)
 * RETURNING …` (SQL Server: the same with the table hints and `UPDATE … OUTPUT`; SQLite, one
 * writer at a time: without the row locks), which commits on its own.
 * A claimed delivery carries a lease (owner, until); once it runs out, any instance may claim it
 * again, which is what makes delivery at-least-once after a crash.
 */
@Injectable()
export class TypeOrmOutbox extends Outbox {
  private readonly db: 'postgres' | 'mssql' | 'sqlite';

  constructor(
    private readonly dataSource: DataSource,
    private readonly writes: BatchWriter,
  ) {
    super();
    const type = dataSource.options.type;
    this.db = type === 'postgres' ? 'postgres' : type === 'mssql' ? 'mssql' : 'sqlite';
  }

  async fanOut(limit: number, targets: DeliveryTarget[]): Promise<number> {
    const m = this.dataSource.manager;
    const events = await queryNamed<Row>(m, this.fanOutSql(), { limit });
    if (events.length === 0) return 0;
    const rows = await this.newDeliveries(m, events, targets);
    // Events in groups of at most MAX_DELIVERIES_A_BATCH deliveries: a batch is one statement on PostgreSQL.
    let fanned = 0;
    for (let first = 0, last = 0; first < events.length; first = last) {
      let deliveries = 0;
      while (
        last < events.length &&
        (last === first || deliveries + rows[last].length <= MAX_DELIVERIES_A_BATCH)
      )
        deliveries += rows[last++].length;
      fanned += await this.fanOutGroup(events.slice(first, last), rows.slice(first, last).flat());
    }
    return fanned;
  }

  /** Marks the events fanned out and writes their deliveries in one batch; 0 when another instance was first. */
  private async fanOutGroup(events: Row[], rows: Array<Partial<EventDeliveryEntity>>): Promise<number> {
    const steps: BatchStep[] = [];
    for (let i = 0; i < events.length; i += CHUNK) {
      const ids = events.slice(i, i + CHUNK).map((e) => Number(e.id));
      steps.push({
        kind: 'update',
        target: EventEntity,
        set: { fannedOut: 1 },
        where: { id: oneOf(ids), fannedOut: 0 },
        expectRows: ids.length,
        otherwise: () => new FannedOutElsewhere(),
      });
    }
    for (let i = 0; i < rows.length; i += CHUNK)
      steps.push({ kind: 'insert', target: EventDeliveryEntity, rows: rows.slice(i, i + CHUNK) });
    try {
      await this.writes.write({ steps, doNotPrepare: true });
    } catch (err) {
      // Nothing was written; the next round reads the events that are still left.
      if (err instanceof FannedOutElsewhere) return 0;
      throw err;
    }
    return events.length;
  }

  /** The pending deliveries of each of `events`: one per static target and per matching subscription. */
  private async newDeliveries(
    m: EntityManager,
    events: Row[],
    targets: DeliveryTarget[],
  ): Promise<Array<Array<Partial<EventDeliveryEntity>>>> {
    // Subscriptions die with their user: a disabled owner, or one that may no longer see events.
    const enabled = await queryNamed<SubscriptionOwnerRow>(m, ENABLED_SUBSCRIPTIONS_SQL, {});
    const subscriptions = enabled.filter((s) =>
      mayUseEvents({ role: s.role as ApiRole, webshop: s.webshop, disabled: Number(s.disabled) !== 0 }),
    );
    const now = new Date();
    return events.map((e) => {
      const eventId = Number(e.id);
      const all = [
        ...targets,
        ...subscriptions
          .filter((s) => s.events.split(',').includes(String(e.event)))
          .map((s) => ({ listener: 'subscription', target: String(s.id) })),
      ];
      return all.map((t) => ({ eventId, ...t, status: 'pending', attempts: 0, nextAttemptAt: now }));
    });
  }

  async backlog(now: Date): Promise<EventBacklog> {
    const [counted] = await queryNamed<{ events: unknown }>(this.dataSource, UNFANNED_EVENTS_SQL, {});
    const [rows] = await queryNamed<{ waiting: unknown; retrying: unknown; dead: unknown }>(
      this.dataSource,
      BACKLOG_SQL,
      { now },
    );
    return {
      waiting: Number(counted?.events ?? 0) + Number(rows?.waiting ?? 0),
      retrying: Number(rows?.retrying ?? 0),
      dead: Number(rows?.dead ?? 0),
    };
  }

  private fanOutSql(): string {
    const columns = '"id", "event"';
    const where = '"fanned_out" = 0';
    if (this.db === 'mssql')
      return `SELECT TOP (:limit) ${columns} FROM "rest_event" WITH (UPDLOCK, READPAST, ROWLOCK) WHERE ${where} ORDER BY "id"`;
    const lock = this.db === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
    return `SELECT ${columns} FROM "rest_event" WHERE ${where} ORDER BY "id" LIMIT :limit${lock}`;
  }

  async claimDue(
    limit: number,
    listeners: string[],
    owner: string,
    now: Date,
    leaseUntil: Date,
    skip: DeliveryTarget[] = [],
  ): Promise<ClaimedDelivery[]> {
    if (listeners.length === 0) return [];
    const params: Record<string, unknown> = {
      limit,
      listeners,
      owner,
      now,
      until: leaseUntil,
    };
    const skipped = skip.map((t, i) => {
      params[`skipListener${i}`] = t.listener;
      params[`skipTarget${i}`] = t.target;
      return `NOT ("listener" = :skipListener${i} AND "target" = :skipTarget${i})`;
    });
    const due =
      `"status" = 'pending' AND "next_attempt_at" <= :now ` +
      `AND ("lease_until" IS NULL OR "lease_until" < :now) AND "listener" IN (:...listeners)` +
      skipped.map((c) => ` AND ${c}`).join('');
    const returned = ['id', 'event_id', 'listener', 'target', 'attempts'];
    let rows: Row[];
    if (this.db !== 'mssql') {
      // SQLite takes no row locks (one writer at a time), and the statement commits on its own.
      const lock = this.db === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
      rows = await queryNamed<Row>(
        this.dataSource.manager,
        `UPDATE "rest_event_delivery" SET "lease_owner" = :owner, "lease_until" = :until WHERE "id" IN ` +
          `(SELECT "id" FROM "rest_event_delivery" WHERE ${due} ORDER BY "next_attempt_at", "id" LIMIT :limit${lock}) ` +
          `RETURNING ${returned.map((c) => `"${c}"`).join(', ')}`,
        params,
      );
    } else {
      // The claim is the UPDATE's own condition (due, lease free), checked again on the row it
      // changes: a delivery that another relay leased meanwhile is left out even where the
      // hints do not lock (the T-SQL engine of CI); on SQL Server READPAST skips such rows at once.
      rows = await queryNamed<Row>(
        this.dataSource.manager,
        `UPDATE "rest_event_delivery" SET "lease_owner" = :owner, "lease_until" = :until ` +
          `OUTPUT ${returned.map((c) => `INSERTED."${c}" AS "${c}"`).join(', ')} ` +
          `WHERE "id" IN (SELECT TOP (:limit) "id" FROM "rest_event_delivery" WITH (UPDLOCK, READPAST, ROWLOCK) ` +
          `WHERE ${due} ORDER BY "next_attempt_at", "id") AND ${due}`,
        params,
      );
    }
    if (rows.length === 0) return [];
    const events = await this.eventsById(rows.map((r) => Number(r.event_id)));
    return rows
      .map((r) => ({
        id: Number(r.id),
        listener: String(r.listener),
        target: String(r.target),
        attempts: Number(r.attempts),
        event: events.get(Number(r.event_id)) as StoredEvent,
      }))
      .filter((d) => d.event !== undefined)
      .sort((a, b) => a.id - b.id);
  }

  async renewLeases(ids: number[], owner: string, leaseUntil: Date): Promise<void> {
    for (let i = 0; i < ids.length; i += CHUNK) {
      await queryNamed<Row>(
        this.dataSource.manager,
        `UPDATE "rest_event_delivery" SET "lease_until" = :until ` +
          `WHERE "id" IN (:...ids) AND "lease_owner" = :owner AND "status" = 'pending'`,
        { ids: ids.slice(i, i + CHUNK), owner, until: leaseUntil },
      );
    }
  }

  async markDelivered(ids: number[], owner: string, at: Date): Promise<void> {
    for (let i = 0; i < ids.length; i += CHUNK) {
      await queryNamed(this.dataSource, MARK_DELIVERED_SQL, {
        ids: ids.slice(i, i + CHUNK),
        owner,
        at,
      });
    }
  }

  async markFailed(failures: FailedDelivery[], owner: string): Promise<void> {
    for (const f of failures) {
      await queryNamed(this.dataSource, MARK_FAILED_SQL, {
        id: f.id,
        owner,
        status: f.dead ? 'dead' : 'pending',
        attempts: f.attempts,
        next: f.nextAttemptAt,
        error: f.error.slice(0, 500),
      });
    }
  }

  async events(after: number, limit: number): Promise<StoredEvent[]> {
    const rows = await queryNamed<Row>(
      this.dataSource,
      selectFirst(
        this.dataSource,
        `${EVENT_COLUMNS} FROM "rest_event" e WHERE e."id" > :after ORDER BY e."id"`,
        ':limit',
      ),
      { after, limit },
    );
    return rows.map(toStoredEvent);
  }

  async problemEvents(
    problem: DeliveryProblem,
    after: number,
    limit: number,
  ): Promise<Array<{ event: StoredEvent; deliveries: DeliveryView[] }>> {
    const condition =
      problem === 'dead' ? `d."status" = 'dead'` : `d."status" = 'pending' AND d."attempts" > 0`;
    const sql = selectFirst(
      this.dataSource,
      `d."event_id" AS "eventId" FROM "rest_event_delivery" d WHERE d."event_id" > :after AND ${condition} ` +
        `GROUP BY d."event_id" ORDER BY d."event_id"`,
      ':limit',
    );
    const ids = (await queryNamed<{ eventId: number | string }>(this.dataSource, sql, { after, limit })).map(
      (r) => Number(r.eventId),
    );
    if (ids.length === 0) return [];
    const [events, deliveries] = await Promise.all([this.eventsById(ids), this.deliveriesOf(ids)]);
    return ids
      .filter((id) => events.has(id))
      .map((id) => ({ event: events.get(id) as StoredEvent, deliveries: deliveries.get(id) ?? [] }));
  }

  async event(id: number): Promise<{ event: StoredEvent; deliveries: DeliveryView[] } | null> {
    const event = (await this.eventsById([id])).get(id);
    if (!event) return null;
    return { event, deliveries: (await this.deliveriesOf([id])).get(id) ?? [] };
  }

  async redeliver(id: number, now: Date): Promise<number> {
    const again = {
      kind: 'update' as const,
      target: EventDeliveryEntity,
      set: {
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        lastError: null,
        leaseOwner: null,
        leaseUntil: null,
        deliveredAt: null,
      },
    };
    // The undelivered ones, or all of them when every one was delivered.
    const undelivered = await this.writes.write({
      steps: [{ ...again, where: { eventId: id, status: oneOf(['pending', 'dead']) } }],
    });
    if (undelivered.counts[0] > 0) return undelivered.counts[0];
    return (await this.writes.write({ steps: [{ ...again, where: { eventId: id } }] })).counts[0];
  }

  private async eventsById(ids: number[]): Promise<Map<number, StoredEvent>> {
    const unique = [...new Set(ids)];
    const found = new Map<number, StoredEvent>();
    for (let i = 0; i < unique.length; i += CHUNK) {
      const rows = await queryNamed<Row>(
        this.dataSource,
        `SELECT ${EVENT_COLUMNS} FROM "rest_event" e WHERE e."id" IN (:...ids)`,
        {
          ids: unique.slice(i, i + CHUNK),
        },
      );
      for (const r of rows) found.set(Number(r.id), toStoredEvent(r));
    }
    return found;
  }

  private async deliveriesOf(eventIds: number[]): Promise<Map<number, DeliveryView[]>> {
    const rows: Row[] = [];
    for (let i = 0; i < eventIds.length; i += CHUNK)
      rows.push(
        ...(await queryNamed<Row>(this.dataSource, DELIVERIES_SQL, { ids: eventIds.slice(i, i + CHUNK) })),
      );
    rows.sort((a, b) => Number(a.id) - Number(b.id));
    const byEvent = new Map<number, DeliveryView[]>();
    for (const r of rows) {
      const list = byEvent.get(Number(r.eventId)) ?? [];
      list.push({
        listener: String(r.listener),
        target: String(r.target),
        status: r.status as DeliveryStatus,
        attempts: Number(r.attempts),
        nextAttemptAt: r.status === 'pending' ? readTimestamp(r.nextAttemptAt) : null,
        deliveredAt: readTimestamp(r.deliveredAt),
        lastError: (r.lastError as string | null) ?? null,
      });
      byEvent.set(Number(r.eventId), list);
    }
    return byEvent;
  }
}

/** The columns of `toStoredEvent` from `rest_event` e. */
const EVENT_COLUMNS = `e."id" AS "id", e."event" AS "event", e."obj_key" AS "objKey", e."action" AS "action",
  e."user_name" AS "userName", e."occurred_at" AS "occurredAt"`;

function toStoredEvent(r: Row): StoredEvent {
  return {
    id: Number(r.id),
    event: String(r.event),
    key: String(r.objKey),
    action: String(r.action),
    user: String(r.userName),
    occurredAt: readTimestamp(r.occurredAt) as Date,
  };
}
