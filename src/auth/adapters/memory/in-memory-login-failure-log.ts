import { LoginFailureLog } from '../../ports/login-failure-log';

/** What the log may hold by default: about 100,000 keys of a 64-character name and an address. */
const LOGIN_FAILURE_LOG_BYTES = 32 * 1024 * 1024;
/** A key's cost besides its text and times: its Map slot, its entry object and the array. */
const ENTRY_OVERHEAD_BYTES = 160;
const SWEEP_EVERY = 1000;

interface Entry {
  /** Times of the latest failures, oldest first, at most `keep`. */
  times: number[];
  /** How many failures lock the key (the `keep` of its last record). */
  keep: number;
  bytes: number;
}

/**
 * Failures per key in this process, bounded in bytes (a key's text counts at two bytes a
 * character, so long keys cannot outgrow the bound). When full, open keys go first, the least
 * recently failed first; a locked key (as many failures in the window as lock it) only when no
 * open key is left, so a spray of cheap failures from many addresses cannot free a lockout.
 */
export class InMemoryLoginFailureLog extends LoginFailureLog {
  /** Keys below their limit, and keys at it; each in the order of their latest failure. */
  private readonly open = new Map<string, Entry>();
  private readonly locked = new Map<string, Entry>();
  private used = 0;
  private calls = 0;

  constructor(private readonly maxBytes: number = LOGIN_FAILURE_LOG_BYTES) {
    super();
  }

  /** The bytes the log counts for its keys (always at most its bound). */
  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.open.size + this.locked.size;
  }

  recent(key: string, now: number, windowMs: number): Promise<number[]> {
    return Promise.resolve(this.recentNow(key, now, windowMs));
  }

  record(key: string, now: number, windowMs: number, keep: number): Promise<void> {
    this.recordNow(key, now, windowMs, keep);
    return Promise.resolve();
  }

  clear(key: string): Promise<void> {
    this.remove(key);
    return Promise.resolve();
  }

  /** The same, without a promise: the Redis log falls back on this while Redis is down. */
  recentNow(key: string, now: number, windowMs: number): number[] {
    const entry = this.open.get(key) ?? this.locked.get(key);
    return (entry?.times ?? []).filter((time) => time > now - windowMs);
  }

  recordNow(key: string, now: number, windowMs: number, keep: number): void {
    const entry = this.remove(key) ?? { times: [], keep, bytes: 0 };
    entry.times = entry.times.filter((time) => time > now - windowMs);
    entry.times.push(now);
    if (entry.times.length > keep) entry.times.splice(0, entry.times.length - keep);
    entry.keep = keep;
    entry.bytes = ENTRY_OVERHEAD_BYTES + 2 * key.length + 8 * entry.times.length;
    if (entry.bytes > this.maxBytes) return;
    (entry.times.length >= keep ? this.locked : this.open).set(key, entry);
    this.used += entry.bytes;
    if (++this.calls % SWEEP_EVERY === 0) this.sweep(now, windowMs);
    this.evict();
  }

  private remove(key: string): Entry | undefined {
    const entry = this.open.get(key) ?? this.locked.get(key);
    if (entry === undefined) return undefined;
    this.open.delete(key);
    this.locked.delete(key);
    this.used -= entry.bytes;
    return entry;
  }

  /** Over the bound: open keys, then locked ones, each the least recently failed first. */
  private evict(): void {
    if (this.used <= this.maxBytes) return;
    for (const pool of [this.open, this.locked])
      for (const key of pool.keys()) {
        if (this.used <= this.maxBytes) return;
        this.remove(key);
      }
  }

  /** Drops keys without failures in the window; a lock that has run out makes its key open again. */
  private sweep(now: number, windowMs: number): void {
    const since = now - windowMs;
    for (const [key, entry] of this.open) if (entry.times[entry.times.length - 1] <= since) this.remove(key);
    for (const [key, entry] of this.locked)
      if (entry.times[entry.times.length - 1] <= since) this.remove(key);
      else if (entry.times[0] <= since) {
        this.locked.delete(key);
        this.open.set(key, entry);
      }
  }
}
