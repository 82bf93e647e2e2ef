/**
 * Port: request counts per key and one-minute window. `increment` is synchronous so the hot
 * path never waits for a network round trip; a shared implementation may answer with the
 * count it knows so far (its own increments are always included).
 */
export abstract class RateLimitCounter {
  abstract increment(key: string, window: number): number;
}
