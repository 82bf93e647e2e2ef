import { AuthUser } from '../auth-user';

export interface StoredToken {
  user: AuthUser;
  expiresAt: Date;
}

/** Port: issued tokens, stored as SHA-256 hashes. */
export abstract class ApiTokensRepository {
  abstract save(tokenHash: string, userId: number, expiresAt: Date, createdAt: Date): Promise<void>;
  /** The token's user when the token is neither revoked nor expired and the user is enabled. */
  abstract findValid(tokenHash: string, now: Date): Promise<StoredToken | null>;
  /** Revokes every token of a user; returns how many. */
  abstract revokeAllOf(userId: number, now: Date): Promise<number>;
  /** Housekeeping: removes tokens that expired before the given time. */
  abstract deleteExpiredBefore(time: Date): Promise<void>;
}
