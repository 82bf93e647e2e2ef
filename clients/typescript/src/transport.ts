import { toUtf8 } from './charset';
import { RETRIED_STATUSES, retryDelay, RetryPolicy } from './retry';
import { TokenKeeper } from './tokens';

export interface TransportOptions {
  fetch: (request: Request) => Promise<Response>;
  /** Null: requests go without a bearer token. */
  tokens: TokenKeeper | null;
  retry: RetryPolicy;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  idempotencyKey: () => string;
}

/** The route that hands out tokens: called with Basic, never with a bearer token, never with a key. */
const TOKEN_ROUTE = /\/www\/token$/;

/**
 * The fetch under the typed client. Per call: an `Idempotency-Key` for every POST and PUT (made
 * once, so that each retry carries the same one and the service performs the call once), the
 * bearer token (one new token and one more try when the service refuses it), retries on 429 and
 * 503 as long as `Retry-After` and the policy allow, and the answer's text in UTF-8 whatever
 * charset the service wrote it in.
 */
export function createTransport(options: TransportOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const tokenRoute = TOKEN_ROUTE.test(url.pathname);
    const body = request.body === null ? undefined : new Uint8Array(await request.arrayBuffer());
    const headers = new Headers(request.headers);
    if (
      (request.method === 'POST' || request.method === 'PUT') &&
      !tokenRoute &&
      !headers.has('idempotency-key')
    )
      headers.set('idempotency-key', options.idempotencyKey());
    const tokens = tokenRoute || headers.has('authorization') ? null : options.tokens;
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      const token = tokens === null ? null : await tokens.current();
      if (token !== null) headers.set('authorization', `Bearer ${token}`);
      const response = await options.fetch(
        new Request(url, {
          method: request.method,
          headers,
          body,
          signal: request.signal,
          redirect: request.redirect,
        }),
      );
      if (response.status === 401 && token !== null && !renewed) {
        renewed = true;
        tokens!.discard(token);
        await discardBody(response);
        attempt -= 1;
        continue;
      }
      if (RETRIED_STATUSES.has(response.status)) {
        const delay = retryDelay(options.retry, attempt, response.headers.get('retry-after'), options.now());
        if (delay !== null) {
          await discardBody(response);
          await options.sleep(delay);
          continue;
        }
      }
      return toUtf8(response);
    }
  };
}

async function discardBody(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}
