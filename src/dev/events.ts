import type { IncomingMessage, ServerResponse } from 'node:http';

/** An open page listening for build news. */
export interface DevClient {
  /** The page's path (`/about/`), to tell whether a rebuild changed it. */
  path: string;
  /** The build the page was served from. */
  build: string;
  res: ServerResponse;
}

/**
 * The open pages, over server-sent events: one long response per tab, a few lines of text per
 * event. Simpler than WebSockets for a one-way channel, and EventSource reconnects by itself when
 * `clinic-gen dev` restarts.
 */
export class EventHub {
  private readonly clients = new Set<DevClient>();

  /** Takes an EventSource request; `greet` may send the page what it missed before connecting. */
  accept(req: IncomingMessage, res: ServerResponse, url: URL, greet: (c: DevClient) => void): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    // Reconnect quickly after a restart of dev (the browser's default wait is about 3 s).
    res.write('retry: 300\n\n');
    const client: DevClient = { path: url.searchParams.get('path') ?? '/', build: url.searchParams.get('build') ?? '', res };
    this.clients.add(client);
    req.on('close', () => this.clients.delete(client));
    greet(client);
  }

  /** Sends one event to one page. */
  send(client: DevClient, event: string, data: unknown = {}): void {
    client.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Every open page, to decide per page what to send. */
  all(): DevClient[] {
    return [...this.clients];
  }

  /** Ends every stream, so the HTTP server can close. */
  close(): void {
    for (const c of this.clients) c.res.end();
    this.clients.clear();
  }
}
