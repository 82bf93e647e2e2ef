import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { AppConfig } from '../common/config/app-config';
import { toEventMessage } from './erp-events';
import { OUTBOX_WRITTEN } from './event-recorder';
import { ErpEventListener, Undeliverable } from './listeners/erp-event-listener';
import { LISTENERS } from './listeners/listeners';
import { SubscriptionListener } from './listeners/subscription.listener';
import { ClaimedDelivery, DeliveryTarget, EventStore, FailedDelivery } from './ports/event-store';

/** Events fanned out and deliveries claimed per round. */
const BATCH = 100;

/** Emitted (in process) for every failed delivery attempt; the metrics count them. */
export const DELIVERY_FAILED = 'erp.delivery.failed';
export interface DeliveryFailed {
  listener: string;
  /** The attempt was the last one. */
  dead: boolean;
}
/** Longest wait before the next attempt (D10: doubling up to one hour). */
const MAX_DELAY_SECONDS = 3600;

/** Delay before attempt `attempts + 1`, after `attempts` failed ones: base, 2 x base, … up to 1 h. */
export function retryDelaySeconds(attempts: number, baseSeconds: number): number {
  return Math.min(baseSeconds * 2 ** Math.min(attempts - 1, 30), MAX_DELAY_SECONDS);
}

/**
 * Publishes committed outbox rows to the enabled listeners, through @nestjs/event-emitter (channel
 * `erp.deliver.<listener>`), and records each delivery: delivered, or retried with exponential
 * back-off, or dead after EVENT_MAX_ATTEMPTS. Runs in every instance; the store's leases share the
 * work. Woken at once by a commit in this process, otherwise every EVENT_POLL_MS.
 */
@Injectable()
export class EventRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Events');
  /** This process, as the owner of its leases (hostname, pid, a random part against pid reuse). */
  readonly owner = `${hostname().slice(0, 20)}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly listeners: ErpEventListener[] = [];
  private running: Promise<void> | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;
  private nudged = false;
  private lastProblem = '';

  constructor(
    private readonly store: EventStore,
    private readonly config: AppConfig,
    private readonly emitter: EventEmitter2,
    private readonly moduleRef: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
    const enabled = this.config.eventListeners.map((name) => LISTENERS.get(name));
    for (const type of [...enabled, SubscriptionListener]) {
      if (!type) continue;
      const listener = this.moduleRef.get(type, { strict: false });
      this.listeners.push(listener);
      this.emitter.on(`erp.deliver.${listener.name}`, (message: unknown, target: unknown) =>
        listener.deliver(message as Parameters<ErpEventListener['deliver']>[0], String(target)),
      );
    }
    this.emitter.on(OUTBOX_WRITTEN, () => this.nudge());
    this.running = this.loop();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.nudge();
    await this.running;
  }

  /** Runs one round at once (also what the loop does): fan out, claim, deliver, record. */
  async round(): Promise<boolean> {
    const fanned = await this.store.fanOut(BATCH, this.staticTargets());
    const now = new Date();
    const claimed = await this.store.claimDue(
      BATCH,
      this.listeners.map((l) => l.name),
      this.owner,
      now,
      new Date(now.getTime() + this.config.eventLeaseSeconds * 1000),
    );
    if (claimed.length > 0) await this.deliver(claimed);
    return fanned > 0 || claimed.length > 0;
  }

  private staticTargets(): DeliveryTarget[] {
    return this.listeners.flatMap((l) => l.targets().map((target) => ({ listener: l.name, target })));
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let busy = false;
      try {
        busy = await this.round();
        this.lastProblem = '';
      } catch (err) {
        // The database may be away for a while: say so once, not every round.
        const problem = (err as Error).message;
        if (problem !== this.lastProblem) this.logger.warn({ err }, 'event relay round failed');
        this.lastProblem = problem;
      }
      if (!busy && !this.stopped) await this.idle();
    }
  }

  private idle(): Promise<void> {
    if (this.nudged) {
      this.nudged = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wake = null;
        this.nudged = false;
        resolve();
      };
      const timer = setTimeout(done, this.config.eventPollMs);
      this.wake = done;
    });
  }

  private nudge(): void {
    if (this.wake) this.wake();
    else this.nudged = true;
  }

  private async deliver(claimed: ClaimedDelivery[]): Promise<void> {
    const outcomes = await this.keepingLeases(
      claimed.map((d) => d.id),
      () => Promise.all(claimed.map((d) => this.deliverOne(d))),
    );
    const delivered: number[] = [];
    const failed: FailedDelivery[] = [];
    const now = new Date();
    claimed.forEach((d, i) => {
      const error = outcomes[i];
      if (error === null) {
        delivered.push(d.id);
        return;
      }
      const attempts = d.attempts + 1;
      const dead = error.permanent || attempts >= this.config.eventMaxAttempts;
      const delay = retryDelaySeconds(attempts, this.config.eventRetryBaseSeconds);
      failed.push({
        id: d.id,
        attempts,
        dead,
        nextAttemptAt: new Date(now.getTime() + delay * 1000),
        error: error.message,
      });
      this.emitter.emit(DELIVERY_FAILED, { listener: d.listener, dead } satisfies DeliveryFailed);
      this.logger.warn(
        { eventId: d.event.id, listener: d.listener, attempts, dead },
        `event ${d.event.id} to ${d.listener} failed: ${error.message}`,
      );
    });
    if (delivered.length > 0) await this.store.markDelivered(delivered, this.owner, now);
    if (failed.length > 0) await this.store.markFailed(failed, this.owner);
  }

  /**
   * Runs `work` while renewing the leases of `ids` every third of EVENT_LEASE_SECONDS: a round of
   * slow receivers (WEBHOOK_TIMEOUT_MS may be longer than a lease) keeps its deliveries, and no
   * live instance sends them a second time. A renewal that fails is said once; the round goes on.
   */
  private async keepingLeases<T>(ids: number[], work: () => Promise<T>): Promise<T> {
    const leaseMs = this.config.eventLeaseSeconds * 1000;
    let renewing: Promise<void> = Promise.resolve();
    const timer = setInterval(() => {
      renewing = renewing
        .then(() => this.store.renewLeases(ids, this.owner, new Date(Date.now() + leaseMs)))
        .catch((err: unknown) => {
          const problem = (err as Error).message;
          if (problem !== this.lastProblem) this.logger.warn({ err }, 'renewing event leases failed');
          this.lastProblem = problem;
        });
    }, leaseMs / 3);
    try {
      return await work();
    } finally {
      clearInterval(timer);
      await renewing;
    }
  }

  /** null when delivered, else why not. */
  private async deliverOne(d: ClaimedDelivery): Promise<{ message: string; permanent: boolean } | null> {
    try {
      const results = await this.emitter.emitAsync(
        `erp.deliver.${d.listener}`,
        toEventMessage(d.event),
        d.target,
      );
      if (results.length === 0) return { message: `listener ${d.listener} is not enabled`, permanent: false };
      return null;
    } catch (err) {
      return { message: (err as Error).message || String(err), permanent: err instanceof Undeliverable };
    }
  }
}
