import { Inject } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';
import type { LoginThrottleReason } from '../auth/login-throttle';
import type { ErpEventMessage } from './erp-events';

/** One failed attempt to deliver an event. */
export interface DeliveryFailed {
  /** The delivery channel's name (as in the deliveries' records). */
  listener: string;
  /** The attempt was the last one. */
  dead: boolean;
}

/** The channel a delivery channel's deliveries go through: `erp.deliver.<name>`. */
type DeliveryEventName = `erp.deliver.${string}`;

/**
 * Every event that goes through the in-process emitter (@nestjs/event-emitter), with the
 * arguments it carries. The compiler checks the name and the payload of each `emit`, `on` and
 * `@OnInProcessEvent` against this map.
 */
export interface InProcessEvents {
  /** A write committed an outbox row: the relay wakes up at once. */
  'erp.outbox.written': [];
  /** A delivery attempt failed; the metrics count them. */
  'erp.delivery.failed': [DeliveryFailed];
  /** A login was refused by the throttle; the metrics count them. */
  'erp.login.throttled': [LoginThrottleReason];
  /** One event to one target ('' for a channel with a single destination) of the named channel. */
  [deliver: DeliveryEventName]: [message: ErpEventMessage, target: string];
}

type InProcessEventName = keyof InProcessEvents;

export function deliveryEvent(channel: string): DeliveryEventName {
  return `erp.deliver.${channel}`;
}

/** The application's EventEmitter2 as the map allows it to be used. */
export interface InProcessEmitter {
  emit<K extends InProcessEventName>(name: K, ...payload: InProcessEvents[K]): boolean;
  emitAsync<K extends InProcessEventName>(name: K, ...payload: InProcessEvents[K]): Promise<unknown[]>;
  on<K extends InProcessEventName>(name: K, listener: (...payload: InProcessEvents[K]) => unknown): unknown;
}

/** Injects the application's EventEmitter2, to be typed as `InProcessEmitter`. */
export const InjectInProcessEmitter = (): ParameterDecorator => Inject(EventEmitter2);

/** `@OnEvent` for a name of the map; the decorated method must take that event's payload. */
export function OnInProcessEvent<K extends InProcessEventName>(name: K) {
  return <M extends (...payload: InProcessEvents[K]) => unknown>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    OnEvent(name)(target, key, descriptor);
  };
}
