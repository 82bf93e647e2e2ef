/**
 * What must never reach a log line (decisions D1): Authorization values, passwords, tokens and
 * Base64 payloads. Request lines are built from known-safe fields; everything else that is
 * logged (Nest messages, errors) passes through sanitizeForLog.
 */

/** Base64/Base64url runs this long are payloads or tokens (our tokens have 43 characters). */
const LONG_BASE64 = /[A-Za-z0-9+/_-]{40,}={0,2}/g;
const AUTH_VALUE = /\b(Basic|Bearer)\s+[A-Za-z0-9+/=._~-]+/gi;
const SECRET_PARAM = /\b(access_token|token|password|passwd|pwd|secret)=[^&\s"']*/gi;
const SECRET_KEY = /authorization|password|passwd|pwd|secret|token|cookie|api[-_]?key|credential/i;
/** Bodies are never logged, whatever they contain. */
const BODY_KEY = /^(body|rawBody|payload|data)$/i;

const MAX_DEPTH = 5;
const MAX_ITEMS = 50;
const MAX_TEXT = 4000;

const REDACTED = '[redacted]';

export function scrubText(text: string): string {
  const cut = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) + '…' : text;
  return cut
    .replace(AUTH_VALUE, `$1 ${REDACTED}`)
    .replace(SECRET_PARAM, `$1=${REDACTED}`)
    .replace(LONG_BASE64, REDACTED);
}

/** A path segment this long and Base64-like is a payload or a token, never a key of ours. */
const PAYLOAD_SEGMENT = /^[A-Za-z0-9+_=.~-]{32,}$/;

/** The request path for a log line: no query string, no payload-like segments, bounded length. */
export function loggablePath(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (path.length < 32) return path;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a malformed escape: judge the raw form
  }
  return scrubText(
    decoded
      .slice(0, 300)
      .split('/')
      .map((segment) => (PAYLOAD_SEGMENT.test(segment) ? REDACTED : segment))
      .join('/'),
  );
}

interface SafeError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
}

/** An error without its enumerable extras (a driver error's SQL parameters, a request's body). */
export function safeError(err: unknown): SafeError {
  if (!(err instanceof Error)) return { type: typeof err, message: scrubText(String(err)) };
  const code = (err as { code?: unknown }).code;
  return {
    type: err.name || err.constructor?.name || 'Error',
    message: scrubText(err.message),
    ...(err.stack ? { stack: scrubText(err.stack) } : {}),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/** A deep copy fit for a log line: secret-named keys and bodies dropped, strings scrubbed. */
export function sanitizeForLog(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return safeError(value);
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((v) => sanitizeForLog(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value).slice(0, MAX_ITEMS)) {
    if (SECRET_KEY.test(key)) out[key] = REDACTED;
    else if (BODY_KEY.test(key)) out[key] = '[omitted]';
    else out[key] = sanitizeForLog(v, depth + 1);
  }
  return out;
}
