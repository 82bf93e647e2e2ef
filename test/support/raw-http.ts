import { Server } from 'node:http';
import { AddressInfo, connect } from 'node:net';
import { TestApp } from './test-app';

/** The port of a test app, listening on 127.0.0.1 (started on first use). */
export async function listeningPort(t: TestApp): Promise<number> {
  const server = t.app.getHttpServer() as Server;
  if (!server.listening) await t.app.listen(0, '127.0.0.1');
  return (server.address() as AddressInfo).port;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Whether the client had sent its whole request when the answer arrived. */
  sentWhole: boolean;
}

/**
 * Writes a request byte for byte: the head, then `chunks` one at a time (with a pause between, as
 * a client uploading slowly would), and the final chunk only if `finish`. Resolves with the first
 * whole answer, however far the upload got, so a test can tell an answer given before the body was
 * read from one given after.
 */
export function rawRequest(port: number, head: string, chunks: Buffer[], finish = true): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    let sentWhole = false;
    let done = false;
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(head);
      const next = (index: number): void => {
        if (done || socket.destroyed) return;
        if (index < chunks.length) {
          socket.write(chunks[index], () => setTimeout(() => next(index + 1), 20));
        } else if (finish) {
          socket.write('0\r\n\r\n', () => (sentWhole = true));
        }
      };
      next(0);
    });
    const answer = (): RawAnswer | undefined => {
      const text = received.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return undefined;
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      const body = text.slice(end + 4);
      const length = Number(headers['content-length'] ?? NaN);
      if (!(body.length >= length)) return undefined;
      return { status: Number(statusLine.split(' ')[1]), headers, body: body.slice(0, length), sentWhole };
    };
    socket.on('data', (data: Buffer) => {
      received = Buffer.concat([received, data]);
      const whole = answer();
      if (whole && !done) {
        done = true;
        socket.destroy();
        resolve(whole);
      }
    });
    socket.on('error', (error) => {
      if (!done) reject(error);
    });
    socket.on('close', () => {
      if (!done)
        reject(new Error(`connection closed without a whole answer: ${received.toString('latin1')}`));
    });
  });
}

/** One chunk of a chunked transfer encoding. */
export function chunk(data: Buffer | string): Buffer {
  const bytes = Buffer.from(data);
  return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
}
