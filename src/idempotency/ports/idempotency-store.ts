/** A claimed or finished Idempotency-Key of one user. */
export interface IdempotencyRecord {
  userName: string;
  key: string;
  method: string;
  path: string;
  /** SHA-256 of method, path and the canonical request body. */
  requestHash: string;
  /** Null while the first request is still being processed. */
  statusCode: number | null;
  responseBody: string | null;
  /** JSON object of the replayed headers (Location, Cache-Control, ...). */
  responseHeaders: string | null;
  createdAt: Date;
}

/** Port: the rest_idempotency table, shared by every instance of the service. */
export abstract class IdempotencyStore {
  /** Inserts the claim; false when the user already has a row with this key (primary key). */
  abstract claim(record: IdempotencyRecord): Promise<boolean>;
  abstract find(userName: string, key: string): Promise<IdempotencyRecord | null>;
  /** Stores the response of a claim that is still open. */
  abstract complete(
    userName: string,
    key: string,
    response: { statusCode: number; body: string; headers: string },
  ): Promise<void>;
  /** Drops an open claim (the request failed, nothing to replay). */
  abstract release(userName: string, key: string): Promise<void>;
  /** Deletes the user's row with this key if it was created before `before` (expired: claim it anew). */
  abstract deleteExpired(userName: string, key: string, before: Date): Promise<void>;
  /** Deletes every row older than `before`; returns how many. */
  abstract purge(before: Date): Promise<number>;
}
