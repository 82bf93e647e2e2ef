/** What POST /www/token answers. */
export interface IssuedToken {
  access_token: string;
  expires_in: number;
}

/**
 * Holds the bearer token: obtains one when there is none, renews it before its `expires_in`
 * elapses (at 90 % of its life, at most a minute early), and lets only one renewal run at a
 * time: callers that need a token meanwhile wait for that one.
 */
export class TokenKeeper {
  private token: { value: string; renewAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly obtain: () => Promise<IssuedToken>,
    private readonly now: () => number,
  ) {}

  /** A token that is valid for a while yet. */
  current(): Promise<string> {
    if (this.token !== null && this.now() < this.token.renewAt) return Promise.resolve(this.token.value);
    return this.renew();
  }

  /** Forgets `value` when it is the current token (the service refused it: revoked, or expired early). */
  discard(value: string): void {
    if (this.token?.value === value) this.token = null;
  }

  private renew(): Promise<string> {
    this.pending ??= (async () => {
      // Counted from the moment of asking: the token's life began no earlier than that.
      const askedAt = this.now();
      try {
        const issued = await this.obtain();
        const early = Math.min(60, issued.expires_in / 10);
        this.token = { value: issued.access_token, renewAt: askedAt + (issued.expires_in - early) * 1000 };
        return issued.access_token;
      } finally {
        this.pending = null;
      }
    })();
    return this.pending;
  }
}
