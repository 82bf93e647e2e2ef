import type { DeliveryStatus } from '@app/erp-db';
import { StoredEvent } from '../erp-events';

/** A delivery target: the channel's name and what it delivers to ('' for log and amqp). */
export interface DeliveryTarget {
  listener: string;
  target: string;
}

export interface EventBacklog {
  /** Events without deliveries yet plus deliveries due for their first attempt: the relay's queue. */
  waiting: number;
  /** Deliveries that failed and wait for a retry. */
  retrying: number;
  dead: number;
}

/** A delivery the relay has claimed (leased) for this instance. */
export interface ClaimedDelivery extends DeliveryTarget {
  id: number;
  attempts: number;
  event: StoredEvent;
}

export interface DeliveryView extends DeliveryTarget {
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  lastError: string | null;
}

export interface FailedDelivery {
  id: number;
  /** Attempts so far, this one included. */
  attempts: number;
  dead: boolean;
  nextAttemptAt: Date;
  error: string;
}

/** Deliveries of failing events (some attempt failed, still retried) or of events given up (dead). */
export type DeliveryProblem = 'failed' | 'dead';

/**
 * Port: the outbox, the events the writes committed and their deliveries to the channels. Claims
 * are shared by every instance on the database: a claimed delivery is leased to one owner until
 * `leaseUntil`.
 */
export abstract class Outbox {
  /**
   * How much work waits: events not fanned out, deliveries due, never tried and not leased to a
   * relay, dead deliveries.
   */
  abstract backlog(now: Date): Promise<EventBacklog>;

  /**
   * Creates the deliveries of up to `limit` events that have none yet: one per static target and
   * one per enabled subscription to the event's type. Returns how many events it handled.
   */
  abstract fanOut(limit: number, targets: DeliveryTarget[]): Promise<number>;
  /** Leases up to `limit` due deliveries of the given listeners to `owner`, none of `skip`'s targets. */
  abstract claimDue(
    limit: number,
    listeners: string[],
    owner: string,
    now: Date,
    leaseUntil: Date,
    skip?: DeliveryTarget[],
  ): Promise<ClaimedDelivery[]>;
  /**
   * Moves the lease of those deliveries `owner` still holds to `leaseUntil` (a round that takes
   * longer than a lease keeps its work; one another instance took over, or one already marked, is
   * left alone).
   */
  abstract renewLeases(ids: number[], owner: string, leaseUntil: Date): Promise<void>;
  abstract markDelivered(ids: number[], owner: string, at: Date): Promise<void>;
  abstract markFailed(failures: FailedDelivery[], owner: string): Promise<void>;

  /** Events after `after` in commit order. */
  abstract events(after: number, limit: number): Promise<StoredEvent[]>;
  /** Events with a failing or dead delivery, with all their deliveries. */
  abstract problemEvents(
    problem: DeliveryProblem,
    after: number,
    limit: number,
  ): Promise<Array<{ event: StoredEvent; deliveries: DeliveryView[] }>>;
  abstract event(id: number): Promise<{ event: StoredEvent; deliveries: DeliveryView[] } | null>;
  /** Sends the event again: its undelivered deliveries, or all of them when every one was delivered. */
  abstract redeliver(id: number, now: Date): Promise<number>;
}
