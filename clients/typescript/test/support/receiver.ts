import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { closeServer, listenLocally } from './servers';

export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body bytes, as a receiver must verify them. */
  body: Buffer;
}

/** An HTTP endpoint that receives the service's webhooks: records them and answers as `answer` says (200 by default). */
export class WebhookReceiver {
  readonly received: Delivery[] = [];
  answer: (d: Delivery) => { status: number; body?: string } = () => ({ status: 200 });
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const delivery = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
        this.received.push(delivery);
        const a = this.answer(delivery);
        res.writeHead(a.status, { 'content-type': 'text/plain' }).end(a.body ?? '');
      });
    });
    this.url = await listenLocally(this.server);
    return this;
  }

  /** Waits until a delivery matches (the relay sends within a second or so), failing after `ms`. */
  async next(match: (d: Delivery) => boolean, ms = 20_000): Promise<Delivery> {
    const until = Date.now() + ms;
    for (;;) {
      const found = this.received.find(match);
      if (found) return found;
      if (Date.now() > until) throw new Error('no matching webhook arrived');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    await closeServer(server);
  }
}
