import { createServer, IncomingHttpHeaders, request, Server } from 'node:http';
import { closeServer, listenLocally } from './servers';

/** A request that passed the proxy, and what its client got. */
export interface Exchange {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  status?: number;
  answerHeaders?: IncomingHttpHeaders;
  answer?: Buffer;
}

export interface Canned {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** What the proxy does with a request a rule matched: answer it itself, or forward it and answer `forwardThen` instead. */
export type Action = { answer: Canned } | { forwardThen: Canned };

interface Rule {
  match: (e: Exchange) => boolean;
  action: Action;
  /** The service's answer, for forwardThen. */
  served?: { status: number; body: Buffer };
}

/**
 * A reverse proxy in front of the service for the tests: forwards every request unchanged and
 * records it, except those a one-shot rule matches, which get a canned answer (429, 503 ...) with
 * or without reaching the service.
 */
export class TestProxy {
  readonly seen: Exchange[] = [];
  private readonly rules: Rule[] = [];
  private server: Server | null = null;
  base = '';

  constructor(private readonly target: string) {}

  /** Applies `action` to the next request that `match` accepts; the returned rule shows what the service answered. */
  once(match: (e: Exchange) => boolean, action: Action): Rule {
    const rule = { match, action };
    this.rules.push(rule);
    return rule;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const exchange: Exchange = {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks),
        };
        this.seen.push(exchange);
        const index = this.rules.findIndex((r) => r.match(exchange));
        const rule = index < 0 ? undefined : this.rules.splice(index, 1)[0];
        const reply = (status: number, headers: IncomingHttpHeaders, body: Buffer): void => {
          exchange.status = status;
          exchange.answerHeaders = headers;
          exchange.answer = body;
          res.writeHead(status, { ...headers, 'content-length': String(body.length) }).end(body);
        };
        const canned = (c: Canned): void =>
          reply(c.status, { 'content-type': 'application/json', ...c.headers }, Buffer.from(c.body ?? ''));
        if (rule && 'answer' in rule.action) return canned(rule.action.answer);
        this.forward(exchange).then(
          (served) => {
            if (!rule || !('forwardThen' in rule.action))
              return reply(served.status, served.headers, served.body);
            rule.served = served;
            canned(rule.action.forwardThen);
          },
          () => res.destroy(),
        );
      });
    });
    this.base = await listenLocally(this.server);
    return this;
  }

  private forward(e: Exchange): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
    return new Promise((ok, fail) => {
      const headers = { ...e.headers };
      delete headers.host;
      const out = request(`${this.target}${e.path}`, { method: e.method, headers }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const answerHeaders = { ...answer.headers };
          delete answerHeaders['transfer-encoding'];
          delete answerHeaders.connection;
          ok({ status: answer.statusCode ?? 502, headers: answerHeaders, body: Buffer.concat(chunks) });
        });
        answer.on('error', fail);
      });
      out.on('error', fail);
      out.end(e.body);
    });
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    await closeServer(server);
  }
}

/** A D2 error body as the service writes it. */
export function errorBody(error: string, description: string): string {
  return JSON.stringify({ error, error_description: description });
}
