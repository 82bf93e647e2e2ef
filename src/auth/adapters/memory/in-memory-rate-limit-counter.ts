import { RateLimitCounter } from '../../ports/rate-limit-counter';

/** Counts per instance: without Redis every instance allows the full limit. */
export class InMemoryRateLimitCounter extends RateLimitCounter {
  private readonly counts = new Map<string, { window: number; count: number }>();

  increment(key: string, window: number): number {
    const entry = this.counts.get(key);
    if (entry && entry.window === window) return ++entry.count;
    this.counts.set(key, { window, count: 1 });
    if (this.counts.size > 100_000) this.dropOldWindows(window);
    return 1;
  }

  private dropOldWindows(window: number): void {
    for (const [key, entry] of this.counts) if (entry.window !== window) this.counts.delete(key);
  }
}
