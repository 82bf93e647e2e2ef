import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { AppConfig } from '../common/config/app-config';
import { AuthUser } from './auth-user';
import { ApiTokensRepository } from './ports/api-tokens.repository';

export interface IssuedToken {
  access_token: string;
  expires_in: number;
  token_type: 'Bearer';
}

interface CachedToken {
  user: AuthUser;
  expiresAt: number;
  cachedUntil: number;
}

const MAX_CACHE_ENTRIES = 50000;
/** 32 random bytes in base64url: anything else is rejected without a database read. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
const PURGE_INTERVAL_MS = 3600_000;
/** Expired tokens stay a day, so a client's 401 can still be told apart in the table. */
const KEEP_EXPIRED_MS = 24 * 3600_000;

/**
 * Opaque tokens: 256 random bits handed out once, only their SHA-256 stored. Verification
 * is cached for at most TOKEN_CACHE_SECONDS (<= 5 s), so a revocation reaches every instance
 * that shares the database within that time. The cache is keyed by the token itself (it lives
 * in memory only), so a cached request costs one map lookup and no hashing.
 */
@Injectable()
export class TokenService {
  private readonly cache = new Map<string, CachedToken>();
  private readonly inFlight = new Map<string, Promise<AuthUser | null>>();
  private nextPurge = 0;

  constructor(
    private readonly tokens: ApiTokensRepository,
    private readonly config: AppConfig,
  ) {}

  static hash(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  async issue(user: AuthUser): Promise<IssuedToken> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.config.tokenTtlSeconds * 1000);
    await this.tokens.save(TokenService.hash(token), user.id, expiresAt, now);
    if (now.getTime() >= this.nextPurge) {
      this.nextPurge = now.getTime() + PURGE_INTERVAL_MS;
      await this.tokens.deleteExpiredBefore(new Date(now.getTime() - KEEP_EXPIRED_MS));
    }
    return { access_token: token, expires_in: this.config.tokenTtlSeconds, token_type: 'Bearer' };
  }

  /** The user of a token verified within the cache time and not expired; null = ask verify(). */
  cachedUser(token: string): AuthUser | null {
    const cached = this.cache.get(token);
    if (!cached) return null;
    const now = Date.now();
    return cached.cachedUntil > now && cached.expiresAt > now ? cached.user : null;
  }

  async verify(token: string): Promise<AuthUser | null> {
    if (!TOKEN_FORMAT.test(token)) return null;
    const hit = this.cachedUser(token);
    if (hit) return hit;
    // Many requests with one token when its cache entry runs out: one database read for all.
    let lookup = this.inFlight.get(token);
    if (!lookup) {
      lookup = this.lookUp(token).finally(() => this.inFlight.delete(token));
      this.inFlight.set(token, lookup);
    }
    return lookup;
  }

  private async lookUp(token: string): Promise<AuthUser | null> {
    const now = Date.now();
    const stored = await this.tokens.findValid(TokenService.hash(token), new Date(now));
    if (!stored) {
      this.cache.delete(token);
      return null;
    }
    if (this.config.tokenCacheSeconds > 0) {
      if (this.cache.size >= MAX_CACHE_ENTRIES) this.cache.clear();
      this.cache.set(token, {
        user: stored.user,
        expiresAt: stored.expiresAt.getTime(),
        cachedUntil: now + this.config.tokenCacheSeconds * 1000,
      });
    }
    return stored.user;
  }

  async revokeAllOf(user: AuthUser): Promise<number> {
    for (const [token, entry] of this.cache) if (entry.user.id === user.id) this.cache.delete(token);
    return this.tokens.revokeAllOf(user.id, new Date());
  }
}
