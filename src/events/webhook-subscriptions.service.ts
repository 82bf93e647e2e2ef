import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AuthUser } from '../auth/auth-user';
import { ApiError } from '../common/errors/api-error';
import { isoUtc } from '../common/http/dates';
import { CreatedWebhookDto, CreateWebhookDto, WebhookDto } from './dto/events.dto';
import { assertEventAccess } from './event-access';
import { WebhookSubscriptionStore, WebhookSubscription } from './ports/webhook-subscription-store';
import { DestinationRefused } from './webhooks/destination-guard';
import { WebhookSender } from './webhooks/webhook-sender';

/** Subscriptions per user. */
const MAX_SUBSCRIPTIONS = 20;

/**
 * Webhook endpoints registered by API users. Registration proves that the URL is a receiver holding
 * the secret: the service POSTs `{"type":"webhook.validation","challenge":"…"}` (with `"secret"` when
 * the service chose it) and the receiver must answer 2xx with the challenge's HMAC (`proof`), which a
 * server that merely echoes what it gets cannot produce.
 */
@Injectable()
export class WebhookSubscriptions {
  constructor(
    private readonly store: WebhookSubscriptionStore,
    private readonly sender: WebhookSender,
  ) {}

  async register(user: AuthUser, dto: CreateWebhookDto): Promise<CreatedWebhookDto> {
    assertEventAccess(user);
    const url = checkedUrl(dto.url);
    const full = () =>
      ApiError.conflict(`A user may register at most ${MAX_SUBSCRIPTIONS} webhooks; delete one first.`);
    if ((await this.store.subscriptions(user.id)).length >= MAX_SUBSCRIPTIONS) throw full();
    const chosen = dto.secret !== undefined;
    const secret = dto.secret ?? `whsec_${randomBytes(32).toString('base64')}`;
    await this.handshake(url, secret, !chosen);
    const created = await this.store.createSubscription(
      { userId: user.id, url, events: dto.events, secret },
      new Date(),
      MAX_SUBSCRIPTIONS,
    );
    if (!created) throw full();
    return { ...toWebhookDto(created), secret };
  }

  /** The user's own subscriptions; with `all`, an admin's view of everyone's. */
  async list(user: AuthUser, all: boolean): Promise<WebhookDto[]> {
    assertEventAccess(user);
    if (all && user.role !== 'admin')
      throw ApiError.forbidden('all=true lists the webhooks of every user; it is for admins.');
    const found = all ? await this.store.allSubscriptions() : await this.store.subscriptions(user.id);
    return found.map(toWebhookDto);
  }

  /** Admins may delete anyone's subscription. */
  async remove(user: AuthUser, id: number): Promise<void> {
    assertEventAccess(user);
    if (!(await this.store.deleteSubscription(id, user.role === 'admin' ? null : user.id)))
      throw ApiError.notFound(`You have no webhook ${id}.`);
  }

  private async handshake(url: string, secret: string, sendSecret: boolean): Promise<void> {
    const challenge = randomBytes(24).toString('hex');
    const body = JSON.stringify({ type: 'webhook.validation', challenge, ...(sendSecret ? { secret } : {}) });
    let answer;
    try {
      answer = await this.sender.post(url, secret, `validation_${challenge.slice(0, 16)}`, body);
    } catch (err) {
      if (err instanceof DestinationRefused)
        throw ApiError.unprocessable('The webhook URL cannot be used.', [
          { field: 'url', message: `${err.message}; webhooks go to public addresses only` },
        ]);
      answer = null;
    }
    // One answer for every failure: what went wrong would tell a caller which ports and hosts exist.
    if (!answer || answer.status < 200 || answer.status > 299 || !proves(answer.body, challenge, secret))
      throw ApiError.unprocessable('The webhook URL did not confirm the subscription.', [
        {
          field: 'url',
          message:
            'the receiver did not answer the validation request with 2xx and the proof (Base64 HMAC-SHA256 of the challenge) as text or as {"proof":"…"}',
        },
      ]);
  }
}

/** The answer carries Base64(HMAC-SHA256(key, challenge)), key as for the signatures. */
function proves(body: string, challenge: string, secret: string): boolean {
  let given = body.trim();
  if (given.startsWith('{'))
    try {
      const proof = (JSON.parse(given) as { proof?: unknown })?.proof;
      given = typeof proof === 'string' ? proof : '';
    } catch {
      return false;
    }
  const expected = createHmac('sha256', secretKey(secret)).update(challenge).digest();
  const bytes = Buffer.from(given, 'base64');
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}

/** The signing key of a `whsec_` secret: the bytes its Base64 part encodes. */
export function secretKey(secret: string): Buffer {
  return Buffer.from(secret.slice('whsec_'.length), 'base64');
}

function checkedUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw ApiError.badRequest('Invalid body.', [
      { field: 'url', message: 'must be an absolute http(s) URL' },
    ]);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw ApiError.badRequest('Invalid body.', [
      { field: 'url', message: 'must start with http:// or https://' },
    ]);
  if (url.username || url.password)
    throw ApiError.badRequest('Invalid body.', [
      { field: 'url', message: 'must not carry a user name or password' },
    ]);
  return raw;
}

function toWebhookDto(s: WebhookSubscription): WebhookDto {
  return {
    id: s.id,
    url: s.url,
    events: s.events,
    createdAt: isoUtc(s.createdAt),
    enabled: s.enabled,
    disabledReason: s.disabledReason,
    failingSince: s.failingSince ? isoUtc(s.failingSince) : null,
  };
}
