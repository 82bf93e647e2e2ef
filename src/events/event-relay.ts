import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { AppConfig } from '../common/config/app-config';
import { toEventMessage } from './erp-events';
import { DeliveryChannel, Undeliverable } from './channels/delivery-channel';
import { CHANNELS } from './channels/channels';
import { SubscriptionChannel } from './channels/subscription.channel';
import { deliveryEvent, DeliveryFailed, InjectInProcessEmitter, InProcessEmitter } from './in-process-events';
import { ClaimedDelivery, DeliveryTarget, Outbox, FailedDelivery } from './ports/outbox';

/** Events fanned out and deliveries claimed per round. */
const BATCH = 100;
/** Deliveries this process holds at once (under way or waiting in their lanes). */
const MAX_HELD = 500;
/** Deliveries under way to one target at once; the others it holds wait in its lane. */
const PER_TARGET = 20;
/** Deliveries a lane holds; a full lane's target is left out of claims until it is half empty. */
const LANE_HOLD = 60;

/** One target's deliveries: at most PER_TARGET under way, the rest in claim order. */
interface Lane {
  target: DeliveryTarget;
  active: number;
  waiting: Array<{ delivery: ClaimedDelivery; done: () => void }>;
}

/** Longest wait before the next attempt (D10: doubling up to one hour). */
const MAX_DELAY_SECONDS = 3600;

/** Delay before attempt `attempts + 1`, after `attempts` failed ones: base, 2 x base, … up to 1 h. */
function retryDelaySeconds(attempts: number, baseSeconds: number): number {
  return Math.min(baseSeconds * 2 ** Math.min(attempts - 1, 30), MAX_DELAY_SECONDS);
}

/**
 * Publishes committed outbox rows to the enabled delivery channels, through @nestjs/event-emitter
 * (`erp.deliver.<channel>`, typed in InProcessEvents), and records each delivery: delivered, or retried with exponential
 * back-off, or dead after EVENT_MAX_ATTEMPTS. Runs in every instance; the store's leases share the
 * work. Woken at once by a commit in this process, otherwise every EVENT_POLL_MS.
 */
@Injectable()
export class EventRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Events');
  /** This process, as the owner of its leases (hostname, pid, a random part against pid reuse). */
  readonly owner = `${hostname().slice(0, 20)}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly channels: DeliveryChannel[] = [];
  private running: Promise<void> | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;
  private nudged = false;
  private lastProblem = '';
  /** Per channel and target, so a slow receiver holds back only its own deliveries. */
  private readonly lanes = new Map<string, Lane>();
  /** Ids of the deliveries this process holds; their leases are renewed until each is recorded. */
  private readonly held = new Set<number>();
  private readonly underWay = new Set<Promise<void>>();
  private renewal: NodeJS.Timeout | null = null;
  private delivered: number[] = [];
  private failed: FailedDelivery[] = [];
  private recording: Promise<void> | null = null;

  constructor(
    private readonly store: Outbox,
    private readonly config: AppConfig,
    @InjectInProcessEmitter() private readonly emitter: InProcessEmitter,
    private readonly moduleRef: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
    const enabled = this.config.eventListeners.map((name) => CHANNELS.get(name));
    for (const type of [...enabled, SubscriptionChannel]) {
      if (!type) continue;
      const channel = this.moduleRef.get(type, { strict: false });
      this.channels.push(channel);
      this.emitter.on(deliveryEvent(channel.name), (message, target) => channel.deliver(message, target));
    }
    this.emitter.on('erp.outbox.written', () => this.nudge());
    this.running = this.loop();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.nudge();
    await this.running;
    while (this.underWay.size > 0) await Promise.all(this.underWay);
  }

  /** Runs one round at once and waits until what it claimed is delivered and recorded. */
  async round(): Promise<boolean> {
    const { busy, started } = await this.dispatch();
    await Promise.all(started);
    return busy;
  }

  /**
   * Fans out, claims as many due deliveries as this process has room for and puts each in its
   * target's lane; does not wait for them, so the next events are not held back by a slow receiver.
   */
  private async dispatch(): Promise<{ busy: boolean; started: Promise<void>[] }> {
    const fanned = await this.store.fanOut(BATCH, this.staticTargets());
    const room = Math.min(BATCH, MAX_HELD - this.held.size);
    if (room <= 0) return { busy: fanned > 0, started: [] };
    const now = new Date();
    const full = [...this.lanes.values()].filter((l) => l.active + l.waiting.length >= LANE_HOLD);
    const claimed = await this.store.claimDue(
      room,
      this.channels.map((c) => c.name),
      this.owner,
      now,
      new Date(now.getTime() + this.config.eventLeaseSeconds * 1000),
      full.map((l) => l.target),
    );
    const started: Promise<void>[] = [];
    const givenBack: number[] = [];
    for (const delivery of claimed) {
      const key = `${delivery.listener}\n${delivery.target}`;
      const lane = this.lanes.get(key) ?? {
        target: { listener: delivery.listener, target: delivery.target },
        active: 0,
        waiting: [],
      };
      this.lanes.set(key, lane);
      if (lane.active + lane.waiting.length >= LANE_HOLD) {
        givenBack.push(delivery.id);
        continue;
      }
      this.held.add(delivery.id);
      started.push(new Promise((done) => lane.waiting.push({ delivery, done })));
      this.pump(key, lane);
    }
    // More than a lane holds came in one claim: the rest goes back at once (its target is full now,
    // so the next claims leave it out until the lane has room).
    if (givenBack.length > 0) await this.store.renewLeases(givenBack, this.owner, now);
    if (this.held.size > 0) this.renewLeases();
    return { busy: fanned > 0 || started.length > 0, started };
  }

  /** Starts the lane's waiting deliveries while it has fewer than PER_TARGET under way. */
  private pump(key: string, lane: Lane): void {
    while (lane.active < PER_TARGET && lane.waiting.length > 0) {
      const { delivery, done } = lane.waiting.shift()!;
      lane.active++;
      const work = this.deliverOne(delivery)
        .then((outcome) => this.record(delivery, outcome))
        .finally(() => {
          lane.active--;
          this.held.delete(delivery.id);
          this.underWay.delete(work);
          const left = lane.active + lane.waiting.length;
          if (left === 0) this.lanes.delete(key);
          else this.pump(key, lane);
          // Claim again when a lane ran empty or has room for half a hold, not after every delivery.
          if (left === 0 || left === LANE_HOLD / 2) this.nudge();
          done();
        });
      this.underWay.add(work);
    }
  }

  private staticTargets(): DeliveryTarget[] {
    return this.channels.flatMap((c) => c.targets().map((target) => ({ listener: c.name, target })));
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let busy = false;
      try {
        busy = (await this.dispatch()).busy;
        this.lastProblem = '';
      } catch (err) {
        this.sayOnce(err, 'event relay round failed');
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

  /** Notes the outcome of one delivery; outcomes that come together are written together. */
  private record(d: ClaimedDelivery, error: { message: string; permanent: boolean } | null): Promise<void> {
    if (error === null) this.delivered.push(d.id);
    else {
      const attempts = d.attempts + 1;
      const dead = error.permanent || attempts >= this.config.eventMaxAttempts;
      const delay = retryDelaySeconds(attempts, this.config.eventRetryBaseSeconds);
      this.failed.push({
        id: d.id,
        attempts,
        dead,
        nextAttemptAt: new Date(Date.now() + delay * 1000),
        error: error.message,
      });
      this.emitter.emit('erp.delivery.failed', { listener: d.listener, dead } satisfies DeliveryFailed);
      this.logger.warn(
        { eventId: d.event.id, listener: d.listener, attempts, dead },
        `event ${d.event.id} to ${d.listener} failed: ${error.message}`,
      );
    }
    this.recording ??= new Promise<void>((next) => setImmediate(next)).then(() => this.writeOutcomes());
    return this.recording;
  }

  /**
   * Writes the noted outcomes. One that cannot be written (the database is away) keeps its lease
   * until it runs out; then the delivery is sent again (at least once, D10).
   */
  private async writeOutcomes(): Promise<void> {
    this.recording = null;
    const delivered = this.delivered.splice(0);
    const failed = this.failed.splice(0);
    try {
      if (delivered.length > 0) await this.store.markDelivered(delivered, this.owner, new Date());
      if (failed.length > 0) await this.store.markFailed(failed, this.owner);
    } catch (err) {
      this.sayOnce(err, 'recording event deliveries failed');
    }
  }

  /**
   * Renews the leases of the held deliveries every third of EVENT_LEASE_SECONDS while there are
   * any: a slow receiver (WEBHOOK_TIMEOUT_MS may be longer than a lease) keeps its deliveries, and
   * no live instance sends them a second time.
   */
  private renewLeases(): void {
    if (this.renewal) return;
    const leaseMs = this.config.eventLeaseSeconds * 1000;
    let renewing: Promise<void> = Promise.resolve();
    this.renewal = setInterval(() => {
      if (this.held.size === 0) {
        clearInterval(this.renewal!);
        this.renewal = null;
        return;
      }
      const ids = [...this.held];
      renewing = renewing
        .then(() => this.store.renewLeases(ids, this.owner, new Date(Date.now() + leaseMs)))
        .catch((err: unknown) => this.sayOnce(err, 'renewing event leases failed'));
    }, leaseMs / 3);
    this.renewal.unref();
  }

  /** The database may be away for a while: say so once, not every time. */
  private sayOnce(err: unknown, what: string): void {
    const problem = (err as Error).message;
    if (problem !== this.lastProblem) this.logger.warn({ err }, what);
    this.lastProblem = problem;
  }

  /** null when delivered, else why not. */
  private async deliverOne(d: ClaimedDelivery): Promise<{ message: string; permanent: boolean } | null> {
    try {
      const results = await this.emitter.emitAsync(
        deliveryEvent(d.listener),
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
