import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { EventIntent, PendingEvent } from './erp-events';
import { InjectInProcessEmitter, InProcessEmitter } from './in-process-events';
import { EventSwitch } from './ports/event-switch';

const SWITCH_REFRESH_MS = 5000;

/**
 * Decides whether a write records an event (D10: only while the company carries the configured
 * attribute) and tells the relay when one was committed. The switch is read at start-up and
 * refreshed in the background at most every 5 s, so a write never waits for it.
 */
@Injectable()
export class EventRecorder implements OnApplicationBootstrap {
  private readonly logger = new Logger('Events');
  private enabled = true;
  private checkedAt = 0;
  private refreshing: Promise<void> | null = null;

  constructor(
    @InjectInProcessEmitter() private readonly emitter: InProcessEmitter,
    private readonly eventSwitch: EventSwitch,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.refreshSwitch();
  }

  /** Reads the company's event switch now. */
  refreshSwitch(): Promise<void> {
    this.refreshing ??= this.eventSwitch
      .eventsEnabled()
      .then((on) => {
        this.enabled = on;
        this.checkedAt = Date.now();
      })
      .catch((err: unknown) => this.logger.warn({ err }, 'event switch not readable; keeping the last state'))
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  /** The event a write is to append to its transaction, or null while events are switched off. */
  pending(intent: EventIntent): PendingEvent | null {
    if (Date.now() - this.checkedAt > SWITCH_REFRESH_MS) void this.refreshSwitch();
    return this.enabled ? { ...intent, occurredAt: new Date() } : null;
  }

  /**
   * Runs a write with the event it is to append (null while events are switched off) and wakes
   * the relay once the write committed it; `wrote(result)` false means the write changed nothing.
   */
  async record<T>(
    intent: EventIntent,
    write: (event: PendingEvent | null) => Promise<T>,
    wrote: (result: T) => boolean = () => true,
  ): Promise<T> {
    const event = this.pending(intent);
    const result = await write(event);
    if (event && wrote(result)) this.committed();
    return result;
  }

  /** Call after the transaction with the event committed. */
  committed(): void {
    this.emitter.emit('erp.outbox.written');
  }
}
