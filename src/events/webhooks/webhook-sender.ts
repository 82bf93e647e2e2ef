import { Injectable } from '@nestjs/common';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import { AppConfig } from '../../common/config/app-config';
import { DestinationRefused, guardedLookup } from './destination-guard';

/** What a receiver answered; at most 64 KB of its body are read. */
interface WebhookAnswer {
  status: number;
  body: string;
}

const MAX_ANSWER_BYTES = 64 * 1024;

class WebhookFailed extends Error {}

/**
 * Sends one signed message the Standard Webhooks way: headers webhook-id, webhook-timestamp
 * (Unix seconds) and webhook-signature `v1,<Base64 HMAC-SHA256 of "id.timestamp.body">` with the
 * whsec_ secret (signed by the `standardwebhooks` package). Never follows redirects.
 */
@Injectable()
export class WebhookSender {
  constructor(private readonly config: AppConfig) {}

  /** Resolves with the answer whatever its status; rejects on refusal, network error or timeout. */
  async post(url: string, secret: string, id: string, body: string): Promise<WebhookAnswer> {
    const target = new URL(url);
    const lookup = guardedLookup(target, this.config.webhookAllowPrivate);
    const now = new Date();
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'erp-rest-service webhooks',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, now, body),
      'content-length': String(Buffer.byteLength(body)),
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<WebhookAnswer>((resolve, reject) => {
      const req = send(
        target,
        { method: 'POST', headers, lookup, signal: AbortSignal.timeout(this.config.webhookTimeoutMs) },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const answer = (): WebhookAnswer => ({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          });
          res.on('data', (chunk: Buffer) => {
            chunks.push(chunk.subarray(0, MAX_ANSWER_BYTES - size));
            size += chunk.length;
            if (size <= MAX_ANSWER_BYTES) return;
            // Past the limit nothing more is read: a receiver cannot keep the connection busy.
            resolve(answer());
            res.destroy();
          });
          res.on('end', () => resolve(answer()));
          res.on('error', reject);
        },
      );
      req.on('error', (err: Error) =>
        reject(
          err instanceof DestinationRefused
            ? err
            : new WebhookFailed(
                err.name === 'AbortError' || err.name === 'TimeoutError'
                  ? `no answer within ${this.config.webhookTimeoutMs} ms`
                  : err.message,
              ),
        ),
      );
      req.end(body);
    });
  }

  /** Sends and insists on a 2xx answer. */
  async deliver(url: string, secret: string, id: string, body: string): Promise<void> {
    const answer = await this.post(url, secret, id, body);
    if (answer.status < 200 || answer.status > 299)
      throw new WebhookFailed(`the receiver answered HTTP ${answer.status}`);
  }
}
