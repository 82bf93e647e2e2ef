import { isoUtc } from '../common/http/dates';

/** The internal events of D10. */
export const ERP_EVENT_NAMES = ['REST_Auft', 'REST_Kunde'] as const;
export type ErpEventName = (typeof ERP_EVENT_NAMES)[number];

/** A message as every listener, webhook receiver and feed reader gets it (D10 payload plus its id). */
interface OrderEvent {
  /** Unique, sortable, in commit order; a consumer drops a message whose id it has seen. */
  id: string;
  event: 'REST_Auft';
  AuftNr: string;
  action: 'created' | 'converted';
  user: string;
  occurredAt: string;
}

interface CustomerEvent {
  id: string;
  event: 'REST_Kunde';
  DebiNr: string;
  action: 'created' | 'updated';
  user: string;
  occurredAt: string;
}

export type ErpEventMessage = OrderEvent | CustomerEvent;

/** An event a service is about to cause. */
export type EventIntent =
  | { event: 'REST_Auft'; action: OrderEvent['action']; user: string }
  | { event: 'REST_Kunde'; action: CustomerEvent['action']; user: string };

/** What a write appends to its own transaction; the adapter adds the key and draws the id. */
export type PendingEvent = EventIntent & { occurredAt: Date };

/** An event as stored in the outbox. */
export interface StoredEvent {
  id: number;
  event: string;
  key: string;
  action: string;
  user: string;
  occurredAt: Date;
}

/** Event ids are numbers in the database and 12-digit strings outside: both sort the same way. */
export function formatEventId(id: number): string {
  return String(id).padStart(12, '0');
}

export function toEventMessage(e: StoredEvent): ErpEventMessage {
  const common = { id: formatEventId(e.id), user: e.user, occurredAt: isoUtc(e.occurredAt) };
  return e.event === 'REST_Auft'
    ? {
        id: common.id,
        event: 'REST_Auft',
        AuftNr: e.key,
        action: e.action as OrderEvent['action'],
        user: common.user,
        occurredAt: common.occurredAt,
      }
    : {
        id: common.id,
        event: 'REST_Kunde',
        DebiNr: e.key,
        action: e.action as CustomerEvent['action'],
        user: common.user,
        occurredAt: common.occurredAt,
      };
}
