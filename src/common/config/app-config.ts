import { DbType } from '@app/erp-db';
import { availableParallelism, totalmem } from 'node:os';
import { ResponseCharset } from '../http/json-bytes';
import { parseTrustProxy, TrustProxy } from '../http/proxy-trust';

/** SQLite read threads by default: one per core, at most two (see docs/articles.md). */
const DEFAULT_READ_THREADS = Math.min(2, availableParallelism());

/**
 * ARTICLE_CACHE_MB by default: an eighth of the memory the process may use (a container's limit,
 * else the machine's), from 64 to 4,096 MB. A rendered record takes about 0.8 KB as it is and,
 * once the budget is full, about an eighth of that compressed: the bench's million-article catalogue
 * fits from about 1 GB of memory on.
 */
export function defaultArticleCacheMb(limit = process.constrainedMemory(), machine = totalmem()): number {
  const memory = limit > 0 && limit < machine ? limit : machine;
  return Math.max(64, Math.min(4096, Math.floor(memory / 8 / 2 ** 20)));
}

/** Thrown at start-up when a setting is wrong; the message names every bad setting. */
export class ConfigError extends Error {}

/** The service's settings, read once from the environment and validated. */
export class AppConfig {
  readonly port!: number;
  readonly host!: string;
  readonly dbType!: DbType;
  readonly dbPath!: string;
  readonly databaseUrl!: string | undefined;
  readonly dbPoolSize!: number;
  readonly mssqlTrustServerCertificate!: boolean;
  readonly seedDemo!: boolean;
  readonly logDir!: string;
  readonly logLevel!: string;
  readonly logStdout!: boolean;
  readonly logFileMaxBytes!: number;
  readonly logMaxFiles!: number;
  readonly tokenTtlSeconds!: number;
  readonly publicBaseUrl!: string | undefined;
  readonly trustProxy!: TrustProxy;
  readonly redisUrl!: string | undefined;
  readonly responseCharset!: ResponseCharset;
  readonly bodyLimitBytes!: number;
  readonly zugferdBodyLimitBytes!: number;
  readonly zugferdWorkDir!: string;
  /** Whether role shop may send Debug: true (keep the e-invoice work files); admins always may. */
  readonly zugferdDebugAllowed!: boolean;
  /** Time limit of one e-invoice job; its worker is replaced when it runs over. */
  readonly zugferdTimeoutMs!: number;
  /** Worker threads for e-invoice jobs, and the heap limit of each. */
  readonly zugferdWorkers!: number;
  readonly zugferdWorkerMemoryMb!: number;
  /** Jobs that may wait for a free worker; beyond them, 503. */
  readonly zugferdQueue!: number;
  readonly loginMaxFailuresPerUser!: number;
  readonly loginMaxFailuresPerIp!: number;
  readonly loginWindowSeconds!: number;
  /** Successful logins per account and minute (each costs a scrypt run); 0 = no limit. */
  readonly loginMaxPerMinute!: number;
  readonly rateLimitPerMinute!: number;
  /** Requests without a valid token to a bearer route, per client address and minute; 0 = no limit. */
  readonly anonymousRateLimitPerMinute!: number;
  readonly tokenCacheSeconds!: number;
  readonly legacyListDates!: boolean;
  /** Writes of customers and addresses need If-Match (else 428). */
  readonly requireIfMatch!: boolean;
  /** How long the article list reuses one ordering of the catalogue for its pages (0 = never). */
  readonly articleSnapshotSeconds!: number;
  /** New orderings (other than the default one of a language) a user may have built per minute; 0 = no limit. */
  readonly articleOrderingsPerMinute!: number;
  /** How long a rendered article record may be reused when no change stamp says otherwise (0 = never). */
  readonly articleCacheSeconds!: number;
  /** Memory for rendered article records. */
  readonly articleCacheMb!: number;
  /** Worker threads reading the article list from a SQLite file (0 = on the event loop). */
  readonly sqliteReadThreads!: number;
  readonly attributeWebshop!: string;
  readonly attributePackaging!: string;
  readonly attributeUsage!: string;
  readonly attributeEvents!: string;
  /** The whole request (headers and body) must arrive within this time, else 408 (0 = no limit). */
  readonly requestTimeoutMs!: number;
  /** PostgreSQL: longest run of an address search by unindexed fields only, else 503. */
  readonly addressScanTimeoutMs!: number;
  /** A connection idle this long is closed (0 = never). */
  readonly connectionTimeoutMs!: number;
  /** How long a kept-alive connection waits for its next request. */
  readonly keepAliveTimeoutMs!: number;
  readonly idempotencyRetentionHours!: number;
  readonly idempotencyWaitMs!: number;
  /** Enabled event listeners (EVENT_LISTENERS): log, webhook, amqp. */
  readonly eventListeners!: EventListenerName[];
  readonly eventRetryBaseSeconds!: number;
  readonly eventMaxAttempts!: number;
  /** How long a claimed delivery stays reserved for one instance before another may take it over. */
  readonly eventLeaseSeconds!: number;
  /** How often the relay looks for new or due deliveries when nothing woke it. */
  readonly eventPollMs!: number;
  readonly webhookUrls!: string[];
  /** whsec_<base64>, signs the messages to WEBHOOK_URLS. */
  readonly webhookSecret!: string | undefined;
  readonly webhookTimeoutMs!: number;
  /** Whether webhooks may go to loopback, link-local and private addresses. */
  readonly webhookAllowPrivate!: boolean;
  /** A subscription whose deliveries have failed (or been slow) this long is disabled. */
  readonly webhookDisableAfterHours!: number;
  /** A subscription's answer after this long counts against it like a failure (it is not resent). */
  readonly webhookSlowMs!: number;
  readonly amqpUrl!: string;
  readonly amqpExchange!: string;
  /** Debug work files older than this are removed. */
  readonly zugferdDebugRetentionHours!: number;
  /** Bearer token for GET /metrics; without it /metrics answers only direct loopback clients. */
  readonly metricsToken!: string | undefined;
  /** After SIGTERM: /ready answers 503 but requests are still accepted this long (balancers drain). */
  readonly shutdownDrainMs!: number;
  /** After the drain, requests in flight get this long to finish before the process exits anyway. */
  readonly shutdownTimeoutMs!: number;
  /** /ready fails while more events than this wait for the relay's first attempt. */
  readonly readyMaxEventBacklog!: number;

  constructor(values: AppConfig) {
    Object.assign(this, values);
  }
}

type Env = Record<string, string | undefined>;

const EVENT_LISTENER_NAMES = ['log', 'webhook', 'amqp'] as const;
export type EventListenerName = (typeof EVENT_LISTENER_NAMES)[number];

class Reader {
  readonly errors: string[] = [];
  constructor(private readonly env: Env) {}

  str(name: string, fallback: string): string {
    const v = this.env[name];
    return v === undefined || v === '' ? fallback : v;
  }

  optional(name: string): string | undefined {
    const v = this.env[name];
    return v === undefined || v === '' ? undefined : v;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const raw = this.optional(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) {
      this.errors.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  }

  bool(name: string, fallback: boolean): boolean {
    const raw = this.optional(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['true', '1', 'yes'].includes(raw)) return true;
    if (['false', '0', 'no'].includes(raw)) return false;
    this.errors.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const raw = this.optional(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    this.errors.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
    return fallback;
  }

  url(name: string, protocols: string[]): string | undefined {
    const raw = this.optional(name);
    if (raw === undefined) return undefined;
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol)) throw new Error();
    } catch {
      this.errors.push(`${name} must be a URL starting with ${protocols.map((p) => p + '//').join(' or ')}`);
    }
    return raw;
  }

  trustProxy(): TrustProxy {
    const parsed = parseTrustProxy(this.optional('TRUST_PROXY'));
    if (typeof parsed !== 'string') return parsed;
    this.errors.push(parsed);
    return false;
  }

  /** A comma list of allowed names, without repeats. */
  names<T extends string>(name: string, allowed: readonly T[], fallback: T[]): T[] {
    const raw = this.env[name];
    if (raw === undefined) return fallback;
    const names = [
      ...new Set(
        raw
          .split(',')
          .map((n) => n.trim().toLowerCase())
          .filter((n) => n !== ''),
      ),
    ];
    const wrong = names.filter((n) => !(allowed as readonly string[]).includes(n));
    if (wrong.length > 0)
      this.errors.push(`${name} lists unknown names ${wrong.join(', ')} (known: ${allowed.join(', ')})`);
    return names.filter((n): n is T => (allowed as readonly string[]).includes(n));
  }

  /** A comma list of http(s) URLs. */
  urls(name: string): string[] {
    const list = (this.optional(name) ?? '')
      .split(',')
      .map((u) => u.trim())
      .filter((u) => u !== '');
    for (const u of list) {
      let ok = false;
      try {
        ok = ['http:', 'https:'].includes(new URL(u).protocol) && u.length <= 500;
      } catch {
        ok = false;
      }
      if (!ok)
        this.errors.push(`${name} must list http:// or https:// URLs of up to 500 characters (got "${u}")`);
    }
    return list;
  }

  /** An optional shared secret: 16 to 200 printable ASCII characters without spaces. */
  secretToken(name: string): string | undefined {
    const raw = this.optional(name);
    if (raw !== undefined && !/^[\x21-\x7e]{16,200}$/.test(raw))
      this.errors.push(`${name} must be 16 to 200 printable ASCII characters without spaces`);
    return raw;
  }

  /** A Standard Webhooks secret: whsec_ and the Base64 of 24 to 64 random bytes. */
  webhookSecret(name: string): string | undefined {
    const raw = this.optional(name);
    if (raw === undefined) return undefined;
    const key = raw.startsWith('whsec_') ? raw.slice(6) : '';
    const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(key) ? Buffer.from(key, 'base64').length : 0;
    if (bytes < 24 || bytes > 64)
      this.errors.push(`${name} must be whsec_ followed by the Base64 of 24 to 64 random bytes`);
    return raw;
  }

  attributeKey(name: string, fallback: string): string {
    const v = this.str(name, fallback);
    if (!/^[A-Za-z0-9_]{1,12}$/.test(v))
      this.errors.push(`${name} must be 1-12 letters, digits or _ (got "${v}")`);
    return v;
  }
}

/** Reads and validates every setting; throws ConfigError naming each wrong one. */
export function loadAppConfig(env: Env = process.env): AppConfig {
  const r = new Reader(env);
  const dbType = r.oneOf('DB_TYPE', ['sqlite', 'postgres', 'mssql'] as const, 'sqlite');
  const databaseUrl = r.url(
    'DATABASE_URL',
    dbType === 'mssql' ? ['mssql:', 'sqlserver:'] : ['postgres:', 'postgresql:'],
  );
  if (dbType !== 'sqlite' && !databaseUrl) r.errors.push(`DATABASE_URL is required when DB_TYPE=${dbType}`);
  const publicBaseUrl = r.url('PUBLIC_BASE_URL', ['http:', 'https:']);
  const eventListeners = r.names('EVENT_LISTENERS', EVENT_LISTENER_NAMES, ['log']);
  const webhookUrls = r.urls('WEBHOOK_URLS');
  const webhookSecret = r.webhookSecret('WEBHOOK_SECRET');
  if (eventListeners.includes('webhook') && webhookUrls.length > 0 && !webhookSecret)
    r.errors.push('WEBHOOK_SECRET is required when EVENT_LISTENERS has webhook and WEBHOOK_URLS is set');
  const webhookAllowPrivate = r.bool('WEBHOOK_ALLOW_PRIVATE', false);
  // Through a proxy the guard would check only the proxy's address, never the webhook's target.
  if (!webhookAllowPrivate && !['', '0', 'false'].includes((env.NODE_USE_ENV_PROXY ?? '').toLowerCase()))
    r.errors.push(
      'NODE_USE_ENV_PROXY is set: webhooks would go through the proxy, past the check that keeps them off private addresses; unset it (or set WEBHOOK_ALLOW_PRIVATE=true deliberately)',
    );
  const config = new AppConfig({
    port: r.int('PORT', 3000, 1, 65535),
    host: r.str('HOST', '0.0.0.0'),
    dbType,
    dbPath: r.str('DB_PATH', './data/erp.sqlite'),
    databaseUrl,
    dbPoolSize: r.int('DB_POOL_SIZE', 20, 1, 500),
    mssqlTrustServerCertificate: r.bool('MSSQL_TRUST_SERVER_CERTIFICATE', false),
    seedDemo: r.bool('SEED_DEMO', false),
    logDir: r.str('LOG_DIR', './logs'),
    logLevel: r.oneOf(
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      'info',
    ),
    logStdout: r.bool('LOG_STDOUT', true),
    logFileMaxBytes: r.int('LOG_FILE_MAX_BYTES', 50 * 1024 * 1024, 4096, 1024 * 1024 * 1024 * 1024),
    logMaxFiles: r.int('LOG_MAX_FILES', 30, 1, 100000),
    tokenTtlSeconds: r.int('TOKEN_TTL_SECONDS', 3600, 1, 31 * 24 * 3600),
    publicBaseUrl: publicBaseUrl?.replace(/\/+$/, ''),
    trustProxy: r.trustProxy(),
    redisUrl: r.url('REDIS_URL', ['redis:', 'rediss:']),
    responseCharset: r.oneOf('RESPONSE_CHARSET', ['iso-8859-1', 'utf-8'] as const, 'iso-8859-1'),
    bodyLimitBytes: r.int('BODY_LIMIT_BYTES', 1024 * 1024, 1024, 1024 * 1024 * 1024),
    zugferdBodyLimitBytes: r.int('ZUGFERD_BODY_LIMIT_BYTES', 50 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    zugferdWorkDir: r.str('ZUGFERD_WORK_DIR', './data/zugferd-debug'),
    zugferdDebugAllowed: r.bool('ZUGFERD_DEBUG_ALLOWED', false),
    zugferdTimeoutMs: r.int('ZUGFERD_TIMEOUT_MS', 20_000, 100, 600_000),
    // One core stays for the event loop: under e-invoice load it still answers every other request.
    zugferdWorkers: r.int('ZUGFERD_WORKERS', Math.max(1, Math.min(4, availableParallelism() - 1)), 1, 64),
    zugferdWorkerMemoryMb: r.int('ZUGFERD_WORKER_MEMORY_MB', 1024, 64, 16_384),
    zugferdQueue: r.int('ZUGFERD_QUEUE', 32, 0, 10_000),
    loginMaxFailuresPerUser: r.int('LOGIN_MAX_FAILURES_PER_USER', 5, 1, 100000),
    loginMaxFailuresPerIp: r.int('LOGIN_MAX_FAILURES_PER_IP', 50, 1, 1000000),
    loginWindowSeconds: r.int('LOGIN_WINDOW_SECONDS', 300, 1, 86400),
    loginMaxPerMinute: r.int('LOGIN_MAX_PER_MINUTE', 60, 0, 1000000),
    rateLimitPerMinute: r.int('RATE_LIMIT_PER_MINUTE', 6000, 0, 10000000),
    anonymousRateLimitPerMinute: r.int('ANONYMOUS_RATE_LIMIT_PER_MINUTE', 120, 0, 10000000),
    tokenCacheSeconds: r.int('TOKEN_CACHE_SECONDS', 5, 0, 5),
    legacyListDates: r.bool('LEGACY_LIST_DATES', false),
    requireIfMatch: r.bool('REQUIRE_IF_MATCH', false),
    articleSnapshotSeconds: r.int('ARTICLE_SNAPSHOT_SECONDS', 60, 0, 3600),
    articleOrderingsPerMinute: r.int('ARTICLE_ORDERINGS_PER_MINUTE', 10, 0, 100000),
    articleCacheSeconds: r.int('ARTICLE_CACHE_SECONDS', 60, 0, 86400),
    articleCacheMb: r.int('ARTICLE_CACHE_MB', defaultArticleCacheMb(), 0, 65536),
    sqliteReadThreads: r.int('SQLITE_READ_THREADS', DEFAULT_READ_THREADS, 0, 16),
    attributeWebshop: r.attributeKey('ATTRIBUTE_WEBSHOP', 'RESTWEBSHOP'),
    attributePackaging: r.attributeKey('ATTRIBUTE_PACKAGING', 'WEBSHOPVPE'),
    attributeUsage: r.attributeKey('ATTRIBUTE_USAGE', 'VERWENDUNG'),
    attributeEvents: r.attributeKey('ATTRIBUTE_EVENTS', 'RESTEVENTS'),
    requestTimeoutMs: r.int('REQUEST_TIMEOUT_MS', 60_000, 0, 3_600_000),
    addressScanTimeoutMs: r.int('ADDRESS_SCAN_TIMEOUT_MS', 2_000, 1, 600_000),
    connectionTimeoutMs: r.int('CONNECTION_TIMEOUT_MS', 120_000, 0, 3_600_000),
    keepAliveTimeoutMs: r.int('KEEP_ALIVE_TIMEOUT_MS', 72_000, 1_000, 3_600_000),
    idempotencyRetentionHours: r.int('IDEMPOTENCY_RETENTION_HOURS', 24, 1, 24 * 365),
    idempotencyWaitMs: r.int('IDEMPOTENCY_WAIT_MS', 10000, 0, 60000),
    eventListeners,
    eventRetryBaseSeconds: r.int('EVENT_RETRY_BASE_SECONDS', 5, 1, 3600),
    eventMaxAttempts: r.int('EVENT_MAX_ATTEMPTS', 20, 1, 1000),
    eventLeaseSeconds: r.int('EVENT_LEASE_SECONDS', 60, 1, 3600),
    eventPollMs: r.int('EVENT_POLL_MS', 500, 10, 60_000),
    webhookUrls,
    webhookSecret,
    webhookTimeoutMs: r.int('WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
    webhookAllowPrivate,
    webhookDisableAfterHours: r.int('WEBHOOK_DISABLE_AFTER_HOURS', 72, 1, 24 * 365),
    webhookSlowMs: r.int('WEBHOOK_SLOW_MS', 5_000, 10, 60_000),
    amqpUrl: r.url('AMQP_URL', ['amqp:', 'amqps:']) ?? 'amqp://guest:guest@127.0.0.1:5672',
    amqpExchange: r.str('AMQP_EXCHANGE', 'erp.events'),
    metricsToken: r.secretToken('METRICS_TOKEN'),
    zugferdDebugRetentionHours: r.int('ZUGFERD_DEBUG_RETENTION_HOURS', 24, 1, 24 * 365),
    shutdownDrainMs: r.int('SHUTDOWN_DRAIN_MS', 1_000, 0, 600_000),
    shutdownTimeoutMs: r.int('SHUTDOWN_TIMEOUT_MS', 25_000, 0, 3_600_000),
    readyMaxEventBacklog: r.int('READY_MAX_EVENT_BACKLOG', 10_000, 1, 100_000_000),
  });
  if (r.errors.length > 0) throw new ConfigError(`Invalid settings:\n  - ${r.errors.join('\n  - ')}`);
  return config;
}

/** loadAppConfig for an entry point: a wrong setting prints the message naming it and exits with 1. */
export function loadAppConfigOrExit(): AppConfig {
  try {
    return loadAppConfig();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}

/**
 * `npm start` (main.ts with --demo) on an embedded database that does not exist yet: the demo data
 * and its users are to be created, unless SEED_DEMO says otherwise. Nothing else ever creates
 * API users implicitly.
 */
export function startsDemo(env: Env, argv: string[], fileExists: (path: string) => boolean): boolean {
  const embedded = (env.DB_TYPE ?? 'sqlite').toLowerCase() === 'sqlite';
  const path = env.DB_PATH || './data/erp.sqlite';
  return argv.includes('--demo') && embedded && path !== ':memory:' && !fileExists(path) && !env.SEED_DEMO;
}
