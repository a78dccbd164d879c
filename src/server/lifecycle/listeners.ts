import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { listenProblem } from './start-error.js';

/** The two listeners' http.Servers (docs/decisions/009-hosted-sites-origin.md): made with the limits every one gets, and bound. */

type Fetch = Parameters<typeof createAdaptorServer>[0]['fetch'];

/** An http.Server for one app, with the limits every listener gets. */
export function listener(fetch: Fetch, hostname: string): Server {
  const server = createAdaptorServer({ fetch, hostname }) as Server;
  // Slow clients (slowloris) must not hold sockets for the default five minutes.
  server.requestTimeout = 30_000;
  server.headersTimeout = 20_000;
  return server;
}

/** Listens, or fails with the operator's reading of why (port in use, no permission...). */
export function listen(server: Server, port: number, host: string, flag: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const failed = (err: Error) => reject(listenProblem(err, `${displayHost(host)}:${port}`, flag) ?? err);
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

/** A host as it is written in a URL: an IPv6 address in brackets. */
export const displayHost = (host: string) => (host.includes(':') ? `[${host}]` : host);
