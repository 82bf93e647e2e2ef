/**
 * Port: the times of failed logins per key (an account or a client address) within a sliding
 * window. Per instance in memory, or shared by every instance through Redis (REDIS_URL).
 */
export abstract class LoginFailureLog {
  /** Times (ms) of the key's failures after `now - windowMs`, oldest first. */
  abstract recent(key: string, now: number, windowMs: number): Promise<number[]>;
  /** Adds a failure at `now`; only the latest `keep` need to be kept. */
  abstract record(key: string, now: number, windowMs: number, keep: number): Promise<void>;
  abstract clear(key: string): Promise<void>;
}
