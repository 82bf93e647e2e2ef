import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';

export interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** What the receiver answers to the next request (after `afterMs`, if given); default 200. */
export type Answer = (r: Received) => { status: number; body?: string; afterMs?: number } | 'hang';

/**
 * An HTTP receiver for webhook tests: records every request, answers as told (or never, 'hang'),
 * and can go down and come back on the same port.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  answer: Answer = () => ({ status: 200 });
  private server: Server | null = null;
  private readonly hanging = new Set<ServerResponse>();
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
        this.received.push(r);
        const a = this.answer(r);
        if (a === 'hang') {
          this.hanging.add(res);
          return;
        }
        const send = (): void => {
          this.hanging.delete(res);
          if (res.destroyed) return;
          res.writeHead(a.status, { 'content-type': 'text/plain' }).end(a.body ?? '');
        };
        if (!a.afterMs) return send();
        this.hanging.add(res);
        setTimeout(send, a.afterMs);
      });
    });
    await new Promise<void>((ok) => this.server!.listen(port, '127.0.0.1', ok));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((ok) => server.close(() => ok()));
  }

  /** Event messages (not validation requests) received so far. */
  events(): Array<Received & { json: { id: string; event: string; [k: string]: unknown } }> {
    return this.received
      .map((r) => ({ ...r, json: JSON.parse(r.body) as { id: string; event: string; type?: string } }))
      .filter((r) => r.json.type !== 'webhook.validation');
  }
}

/**
 * Verifies a Standard Webhooks signature from the specification's text alone (independent of the
 * service's signing library): HMAC-SHA256 over "id.timestamp.body", key = Base64 after whsec_.
 */
export function verifySignature(secret: string, r: Received, toleranceSeconds = 300): boolean {
  const id = String(r.headers['webhook-id'] ?? '');
  const timestamp = String(r.headers['webhook-timestamp'] ?? '');
  const signatures = String(r.headers['webhook-signature'] ?? '').split(' ');
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds)
    return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${r.body}`).digest();
  return signatures.some((s) => {
    const [version, value] = s.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * The proof a receiver holding the secret answers to a validation request: Base64 of HMAC-SHA256
 * over the challenge, key = Base64 after whsec_ (computed here from the documented rule alone).
 * `secret` defaults to the one the request carries. Null for a request that is not a validation.
 */
export function validationProof(r: Received, secret?: string): string | null {
  const body = JSON.parse(r.body) as { type?: string; challenge?: string; secret?: string };
  if (body.type !== 'webhook.validation' || !body.challenge) return null;
  const key = Buffer.from((secret ?? body.secret ?? '').replace(/^whsec_/, ''), 'base64');
  return createHmac('sha256', key).update(body.challenge).digest('base64');
}

/** Polls `check` until it returns true or `ms` pass. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  ms = 15_000,
  what = 'condition',
): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}
