import createClient, { type Client, type MaybeOptionalInit, type ParseAsResponse } from 'openapi-fetch';
import type {
  HttpMethod,
  MediaType,
  PathsWithMethod,
  Readable,
  RequiredKeysOf,
  ResponseObjectMap,
  SuccessResponse,
} from 'openapi-typescript-helpers';
import { ErpApiError } from './errors';
import type { paths } from './generated/schema';
import { DEFAULT_RETRY, RetryPolicy } from './retry';
import { TokenKeeper } from './tokens';
import { createTransport } from './transport';

// openapi-fetch's own rule for the second argument: required when the operation has required parameters or a body.
type InitParam<Init> =
  RequiredKeysOf<Init> extends never
    ? [(Init & { [key: string]: unknown })?]
    : [Init & { [key: string]: unknown }];

/** The answer of a call that succeeded: `data` typed by the operation's success responses (as openapi-fetch does). */
export interface Success<O, I = object> {
  data: ResponseObjectMap<O> extends infer R extends Record<string | number, unknown>
    ? ParseAsResponse<Readable<SuccessResponse<R, MediaType>>, I>
    : never;
  response: Response;
}

/** A typed call of every operation of `method`; an error answer is thrown as ErpApiError. */
export type ErpMethod<M extends HttpMethod> = <
  P extends PathsWithMethod<paths, M>,
  I extends MaybeOptionalInit<paths[P], M>,
>(
  url: P,
  ...init: InitParam<I>
) => Promise<Success<paths[P][M], I>>;

export interface ErpClientOptions {
  /** Where the service is, with a proxy's prefix if any: `https://erp.example.com/erp`. */
  baseUrl: string;
  /** The API user: the client gets its bearer token with them (Basic) and renews it. Leave out for `/health` and the like. */
  username?: string;
  password?: string;
  retry?: Partial<RetryPolicy>;
  /** Headers of every request (a `User-Agent`, an `X-Request-Id`, ...). */
  headers?: Record<string, string>;
  /** The fetch to send with (default: the global one). */
  fetch?: (request: Request) => Promise<Response>;
  /** The clock for token renewal and `Retry-After` dates (default: Date.now). */
  now?: () => number;
  /** Waits before a retry (default: a timer). */
  sleep?: (ms: number) => Promise<void>;
  /** Makes the `Idempotency-Key` of a POST or PUT (default: a random UUID). */
  idempotencyKey?: () => string;
}

export interface ErpClient {
  GET: ErpMethod<'get'>;
  POST: ErpMethod<'post'>;
  PUT: ErpMethod<'put'>;
  PATCH: ErpMethod<'patch'>;
  DELETE: ErpMethod<'delete'>;
  /** The openapi-fetch client underneath (same transport), which answers errors as `{error, response}`. */
  raw: Client<paths>;
  /** A bearer token that is valid for a while yet (obtained or renewed when needed). */
  token(): Promise<string>;
}

type RawCall = (url: string, init?: object) => Promise<{ error?: unknown; response: Response }>;

/** A typed client of the service, built from its OpenAPI document. */
export function createErpClient(options: ErpClientOptions): ErpClient {
  const now = options.now ?? Date.now;
  const basic =
    options.username === undefined
      ? null
      : `Basic ${base64(`${options.username}:${options.password ?? ''}`)}`;
  // The token comes from the same typed client (so its answer is checked against the document too).
  const tokens =
    basic === null
      ? null
      : new TokenKeeper(async () => {
          const { data } = await client.POST('/www/token', { headers: { Authorization: basic } });
          return data;
        }, now);
  const raw = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: options.headers,
    fetch: createTransport({
      fetch: options.fetch ?? ((request) => fetch(request)),
      tokens,
      retry: { ...DEFAULT_RETRY, ...options.retry },
      now,
      sleep: options.sleep ?? ((ms) => new Promise((done) => setTimeout(done, ms))),
      idempotencyKey: options.idempotencyKey ?? (() => crypto.randomUUID()),
    }),
  });
  const call =
    (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'): RawCall =>
    async (url, init) => {
      const result = await (raw[method] as RawCall)(url, init);
      if (!result.response.ok && result.response.status !== 304)
        throw ErpApiError.of(result.response, result.error);
      return result;
    };
  const client = {
    GET: call('GET'),
    POST: call('POST'),
    PUT: call('PUT'),
    PATCH: call('PATCH'),
    DELETE: call('DELETE'),
    raw,
    token: () =>
      tokens === null ? Promise.reject(new Error('no username and password given')) : tokens.current(),
  } as unknown as ErpClient;
  return client;
}

/** Base64 of the UTF-8 bytes of `text` (a password may hold any character). */
function base64(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}
