import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { ApiError } from '../common/errors/api-error';
import { IdempotencyStore } from './ports/idempotency-store';

/** A request that may run (it holds the key) or the first response to send again. */
type IdempotencyOutcome =
  | { kind: 'proceed'; userName: string; key: string }
  | { kind: 'replay'; statusCode: number; body: unknown; headers: Record<string, string> };

interface IdempotentRequest {
  userName: string;
  key: string;
  method: string;
  path: string;
  requestHash: string;
}

const POLL_MS = 25;
const PURGE_EVERY_MS = 10 * 60 * 1000;
/** Giving back the key of a failed request is retried after 1 s, 2 s, … up to 256 s (8.5 min in all). */
const RELEASE_RETRY_FIRST_MS = 1000;
const RELEASE_RETRY_LAST_MS = 256_000;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Idempotency-Key for POST/PUT, shared by every instance through the rest_idempotency table:
 * the first request inserts (user, key) before it runs, so a concurrent repeat hits the primary
 * key and waits for the stored response (409 after IDEMPOTENCY_WAIT_MS); a finished key replays
 * status, body and headers; the same key with another request is a 422. A failed request gives
 * its key back. Keys expire after IDEMPOTENCY_RETENTION_HOURS.
 */
@Injectable()
export class IdempotencyService {
  private readonly logger = new Logger('Idempotency');
  private lastPurge = 0;

  constructor(
    private readonly store: IdempotencyStore,
    private readonly config: AppConfig,
  ) {}

  async begin(request: IdempotentRequest): Promise<IdempotencyOutcome> {
    this.purgeNowAndThen();
    const deadline = Date.now() + this.config.idempotencyWaitMs;
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0 && Date.now() >= deadline) throw inProgress(request.key);
      const now = new Date();
      const claimed = await this.store.claim({
        ...request,
        statusCode: null,
        responseBody: null,
        responseHeaders: null,
        createdAt: now,
      });
      if (claimed) return { kind: 'proceed', userName: request.userName, key: request.key };
      const existing = await this.store.find(request.userName, request.key);
      if (!existing) continue;
      const expiredBefore = this.expiredBefore(now);
      if (existing.createdAt.getTime() < expiredBefore.getTime()) {
        await this.store.deleteExpired(request.userName, request.key, expiredBefore);
        continue;
      }
      if (existing.requestHash !== request.requestHash) {
        throw ApiError.unprocessable(
          'This Idempotency-Key was used for a different request; use a new key for a new request.',
          [{ field: 'Idempotency-Key', message: 'already used with another method, path or body' }],
        );
      }
      if (existing.statusCode !== null) {
        return {
          kind: 'replay',
          statusCode: existing.statusCode,
          body: existing.responseBody === null ? undefined : JSON.parse(existing.responseBody),
          headers: existing.responseHeaders === null ? {} : JSON.parse(existing.responseHeaders),
        };
      }
      if (Date.now() >= deadline) throw inProgress(request.key);
      await sleep(POLL_MS);
    }
  }

  async finish(
    outcome: Extract<IdempotencyOutcome, { kind: 'proceed' }>,
    statusCode: number,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<void> {
    try {
      await this.store.complete(outcome.userName, outcome.key, {
        statusCode,
        body: JSON.stringify(body ?? null),
        headers: JSON.stringify(headers),
      });
    } catch (err) {
      // The change is committed; the client gets its answer, a repeat gets 409 until the key expires.
      this.logger.error({ err, key: outcome.key }, 'could not store the response of an Idempotency-Key');
    }
  }

  async abandon(outcome: Extract<IdempotencyOutcome, { kind: 'proceed' }>): Promise<void> {
    try {
      await this.store.release(outcome.userName, outcome.key);
    } catch (err) {
      // Mostly the database is away (the reason the request failed): give the key back once it returns.
      this.logger.warn({ err, key: outcome.key }, 'could not release an Idempotency-Key yet; retrying');
      this.releaseLater(outcome, RELEASE_RETRY_FIRST_MS);
    }
  }

  /** Retries giving a key back, waiting twice as long each time, so that the client's retry is not 409 for hours. */
  private releaseLater(outcome: Extract<IdempotencyOutcome, { kind: 'proceed' }>, delayMs: number): void {
    setTimeout(() => {
      this.store.release(outcome.userName, outcome.key).catch((err: unknown) => {
        if (delayMs >= RELEASE_RETRY_LAST_MS)
          return this.logger.error({ err, key: outcome.key }, 'could not release an Idempotency-Key');
        this.releaseLater(outcome, delayMs * 2);
      });
    }, delayMs).unref();
  }

  private expiredBefore(now: Date): Date {
    return new Date(now.getTime() - this.config.idempotencyRetentionHours * 3600 * 1000);
  }

  private purgeNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    this.store.purge(this.expiredBefore(new Date(now))).catch((err: unknown) => {
      this.logger.warn({ err }, 'purging expired Idempotency-Keys failed');
    });
  }
}

function inProgress(key: string): ApiError {
  return new ApiError(
    409,
    'conflict',
    'A request with this Idempotency-Key is still being processed; repeat it later.',
    { 'Idempotency-Key': key, state: 'in_progress' },
    { 'Retry-After': '1' },
  );
}
