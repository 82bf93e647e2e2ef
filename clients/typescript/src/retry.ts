export interface RetryPolicy {
  /** Attempts in all, the first one included (default 4). */
  maxAttempts: number;
  /** The longest wait before a retry (default 30 s): a longer `Retry-After` is not waited for. */
  maxDelayMs: number;
  /** The wait before the first retry when the answer has no `Retry-After` (default 500 ms; doubled each time). */
  baseDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, maxDelayMs: 30_000, baseDelayMs: 500 };

/** Answers that say "not now, later": too many requests, and the service (its database) away. */
export const RETRIED_STATUSES = new Set([429, 503]);

/**
 * Milliseconds a `Retry-After` asks to wait (RFC 9110: delay-seconds or an HTTP date, measured
 * against `now`); null when the header is missing or neither.
 */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // Every HTTP date form begins with the day's name; Date.parse alone would take "-3" as a year.
  const date = /^[A-Za-z]{3}/.test(value) ? Date.parse(value) : NaN;
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * How long to wait before attempt `attempt + 1` after an answer that may be retried, or null
 * when it should not be: no attempts left, or the service asks for longer than the policy waits.
 */
export function retryDelay(
  policy: RetryPolicy,
  attempt: number,
  retryAfter: string | null,
  now: number,
): number | null {
  if (attempt >= policy.maxAttempts) return null;
  const asked = retryAfterMs(retryAfter, now);
  const delay = asked ?? policy.baseDelayMs * 2 ** (attempt - 1);
  if (asked !== null && asked > policy.maxDelayMs) return null;
  return Math.min(delay, policy.maxDelayMs);
}
