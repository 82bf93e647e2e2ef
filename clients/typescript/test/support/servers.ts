import type { Server } from 'node:http';

/** Listens on a free port of 127.0.0.1 and answers the server's base URL. */
export async function listenLocally(server: Server): Promise<string> {
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** Closes the server with the connections it still has. */
export async function closeServer(server: Server | null): Promise<void> {
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((ok) => server.close(() => ok()));
}
