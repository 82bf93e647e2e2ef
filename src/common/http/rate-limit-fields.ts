import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A quota policy of the IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers-12):
 * `quota` requests per `windowSeconds`, announced in RateLimit-Policy as the Structured Field item
 * `"name";q=<quota>;w=<window>`. Its item text is built once.
 */
export class QuotaPolicy {
  readonly item: string;
  private readonly prefix: string;

  constructor(
    readonly name: string,
    readonly quota: number,
    readonly windowSeconds: number,
  ) {
    this.item = `"${name}";q=${quota};w=${windowSeconds}`;
    this.prefix = `"${name}";r=`;
  }

  /** The RateLimit item: what is left of the quota, and the seconds until it is replenished. */
  limitItem(remaining: number, resetSeconds: number): string {
    return `${this.prefix}${Math.max(0, remaining)};t=${Math.max(0, resetSeconds)}`;
  }
}

/** The fields collected while a request runs; every limiter that counted it adds its policy. */
interface RateLimitFields {
  policies: string;
  limits: string;
}

type LimitedRequest = FastifyRequest & { rateLimits: RateLimitFields | null };

/**
 * Records that a limiter counted this request: its policy and current state, from the very
 * counter the limiter decides with. Several limiters of one request (the per-user limit and the
 * article orderings) make one list of each field.
 */
export function addRateLimit(
  req: FastifyRequest,
  policy: QuotaPolicy,
  remaining: number,
  resetSeconds: number,
): void {
  const r = req as LimitedRequest;
  const limit = policy.limitItem(remaining, resetSeconds);
  const fields = r.rateLimits;
  if (fields === null || fields === undefined) r.rateLimits = { policies: policy.item, limits: limit };
  else if (!fields.policies.includes(policy.item)) {
    fields.policies += `, ${policy.item}`;
    fields.limits += `, ${limit}`;
  }
}

/** onSend: the answer (success or error alike) carries RateLimit-Policy and RateLimit. */
export function writeRateLimitFields(req: FastifyRequest, reply: FastifyReply): void {
  const fields = (req as LimitedRequest).rateLimits;
  if (fields === null || fields === undefined) return;
  reply.header('RateLimit-Policy', fields.policies);
  reply.header('RateLimit', fields.limits);
}

/** Declares the request property up front, so every request object keeps one shape. */
export const RATE_LIMITS_PROPERTY = 'rateLimits';
