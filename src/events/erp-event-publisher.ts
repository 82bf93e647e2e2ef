import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { ErpEventMap, ErpEventName } from './erp-events';
import { EventSwitch } from './ports/event-switch';

const SWITCH_REFRESH_MS = 5000;

/**
 * The one typed place that publishes REST_Auft / REST_Kunde. Call it only after the
 * transaction that made the change has committed. Events fire only while the company carries
 * the configured attribute (D10); that switch is read at start-up and refreshed in the
 * background at most every 5 s, so publishing stays synchronous and never fails the request.
 */
@Injectable()
export class ErpEventPublisher implements OnApplicationBootstrap {
  private readonly logger = new Logger('Events');
  private enabled = true;
  private checkedAt = 0;
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly emitter: EventEmitter2,
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

  publish<K extends ErpEventName>(name: K, payload: ErpEventMap[K]): void {
    if (Date.now() - this.checkedAt > SWITCH_REFRESH_MS) void this.refreshSwitch();
    if (!this.enabled) return;
    try {
      this.emitter.emit(name, payload);
    } catch (err) {
      this.logger.error({ event: name, err }, 'event listener failed');
    }
  }
}
