import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { sentStatements } from '../../src/database/sql-gateway';

/**
 * Settings of a test app whose statements are counted: the event relay polls once a minute, so
 * that between two polls (the first comes at start) it sends no statement of its own.
 */
export const QUIET_RELAY = { EVENT_POLL_MS: '60000' };

/** The event relay's statements (on the outbox tables): in the background, at any time. */
const RELAY = /"rest_event(_delivery)?"/;

/**
 * The number of statements the service sends while `fn` runs (every way publishes each to
 * `sentStatements`), but for the relay's.
 */
export async function countQueries(fn: () => Promise<unknown>): Promise<number> {
  let calls = 0;
  const sent = (message: unknown): void => {
    if (!RELAY.test((message as { text: string }).text)) calls++;
  };
  subscribe(sentStatements.name, sent);
  try {
    await fn();
  } finally {
    unsubscribe(sentStatements.name, sent);
  }
  return calls;
}
