import { createHmac, timingSafeEqual } from 'node:crypto';
import type { components } from './generated/schema';

/** An event message (`REST_Auft`, `REST_Kunde`), the same as an entry of GET /www/events. */
export type ErpEvent = Omit<components['schemas']['EventWithDeliveriesDto'], 'deliveries'>;

/** What the service posts to a URL being subscribed, before it stores the subscription. */
export interface WebhookValidationRequest {
  type: 'webhook.validation';
  challenge: string;
  /** Only when the service chose the secret. */
  secret?: string;
}

export type WebhookMessage = ErpEvent | WebhookValidationRequest;

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** How far the `webhook-timestamp` may be from the clock, either way (default 300 s). */
  toleranceSeconds?: number;
  /** The clock (default: Date.now). */
  now?: () => number;
}

/** The key of a `whsec_<Base64>` secret (the prefix may be left out). */
function secretKey(secret: string): Buffer {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  if (key.length === 0) throw new WebhookVerificationError('The webhook secret is not whsec_ and Base64.');
  return key;
}

function header(headers: WebhookHeaders, name: string): string {
  const value = headers instanceof Headers ? headers.get(name) : headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || text === '')
    throw new WebhookVerificationError(`The ${name} header is missing.`);
  return text;
}

/**
 * Verifies a webhook request of the service (Standard Webhooks: `webhook-signature` holds
 * space-separated `v1,<Base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">`, keyed with the
 * bytes of the secret's Base64) and answers its message. `body` must be the raw request body, as
 * received. Throws WebhookVerificationError for a missing header, a timestamp outside the
 * tolerance, or when no signature matches (compared in constant time).
 */
export function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array,
  options: VerifyOptions = {},
): WebhookMessage {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('The webhook-timestamp is not a number.');
  const seconds = (options.now ?? Date.now)() / 1000;
  if (Math.abs(seconds - Number(timestamp)) > (options.toleranceSeconds ?? 300))
    throw new WebhookVerificationError('The webhook-timestamp is too far from now.');
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
  const expected = createHmac('sha256', secretKey(secret))
    .update(`${id}.${timestamp}.`)
    .update(bytes)
    .digest();
  const matches = signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError('No signature of the webhook matches.');
  return JSON.parse(bytes.toString('utf8')) as WebhookMessage;
}

/**
 * The proof a receiver answers to a validation request (`{"proof": ...}` or as plain text): the
 * Base64 HMAC-SHA256 of the challenge, keyed like the signatures.
 */
export function webhookValidationProof(secret: string, challenge: string): string {
  return createHmac('sha256', secretKey(secret)).update(challenge).digest('base64');
}
