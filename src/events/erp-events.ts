/** Payloads of the internal events (DECISIONS D10), checked by the compiler. */
export interface OrderEvent {
  event: 'REST_Auft';
  AuftNr: string;
  action: 'created' | 'converted';
  user: string;
  occurredAt: string;
}

export interface CustomerEvent {
  event: 'REST_Kunde';
  DebiNr: string;
  action: 'created' | 'updated';
  user: string;
  occurredAt: string;
}

export type ErpEventMap = { REST_Auft: OrderEvent; REST_Kunde: CustomerEvent };
export type ErpEventName = keyof ErpEventMap;
